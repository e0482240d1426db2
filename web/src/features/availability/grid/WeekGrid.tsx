// The weekly 15-minute grid (docs/product/planning.md, docs/product/times.md, docs/product/limits.md): 7 day columns, one row per quarter hour of the
// visible range, an hour label on every row at minute 00. Editable (click / drag / two taps /
// keyboard) or read-only. Cells are memoised and all events are delegated to the table, so the
// 672 cells re-render only when their own state changes.
import { DAY_NAMES, type WeekSlots } from '@stundenplan/timegrid';
import { useId, useMemo, useRef } from 'react';
import { COARSE_POINTER_QUERY, useIsMobile, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { cx } from '../../../shared/ui/cx';
import { KEYBOARD_HELP, useAnnouncer } from './grid-announce';
import { F_ANCHOR, F_BASE, F_DISABLED, F_HIGHLIGHT, F_MARKED, F_ON, F_PREVIEW } from './GridCell';
import { clockTime, isEnabled, rectangle, slotTime, visibleDays, visibleSlots, type CellRef, type DragState, type SlotRange } from './grid-model';
import { TapHint } from './TapHint';
import { useGridInput } from './use-grid-input';
import { WeekGridTable } from './WeekGridTable';
import './week-grid.css';

export { KEYBOARD_HELP, strokeMessage } from './grid-announce';

/**
 * How pointer input edits the grid:
 * - drag: press on a cell and drag; the rectangle to the pointer gets the pressed cell's new state.
 * - two-tap: the first tap marks a corner, the second tap applies the rectangle.
 * - auto (default): two-tap on the mobile layout (<= 768 px), on touch-first devices and for touch
 *   input; drag for mouse and pen.
 */
export type GridInteraction = 'auto' | 'drag' | 'two-tap';

export interface WeekGridProps {
  /** The set slots. */
  value: WeekSlots;
  /** Called with the new week after each finished edit. Without it the grid is read-only. */
  onChange?: (next: WeekSlots) => void;
  /** Visible rows, `end` exclusive (DEFAULT_VISIBLE_RANGE 32..76 shows 8:00 to 19:00). */
  range: SlotRange;
  /** Editable slots; the rest is shown disabled. Undefined: every slot is editable. */
  enabled?: WeekSlots;
  /** Day indexes (0 = Montag) that are not shown at all. */
  hiddenDays?: readonly number[];
  /** Secondary marking (e.g. the teacher's own times under a time range). */
  highlight?: WeekSlots;
  /** A second kind of set slot shown on top of `value` (e.g. preferred times); named by `markedLabel`. */
  marked?: WeekSlots;
  markedLabel?: string;
  /** State words of the cell names ('Montag 09:15, verfügbar'); defaults 'verfügbar' / 'nicht verfügbar'. */
  onLabel?: string;
  offLabel?: string;
  /** What removed slots become, in the announcement of an edit (default `offLabel`). */
  clearedLabel?: string;
  /** Appended to the names of highlighted cells. */
  highlightLabel?: string;
  /** Slots shown as set beneath the edited `value` (e.g. the available times while preferred ones are painted). */
  base?: WeekSlots;
  baseLabel?: string;
  /** Busy slots of the user's own calendar (key `day * 96 + slot`) with the event's name: hatched, named on hover. */
  busy?: ReadonlyMap<number, string> | undefined;
  /** Accessible name of the grid. */
  label: string;
  interaction?: GridInteraction;
  /** Short day names (Mo..So). Default: on the mobile layout. */
  compact?: boolean;
  className?: string;
}

interface CellMarks {
  value: WeekSlots;
  enabled: WeekSlots | undefined;
  highlight: WeekSlots | undefined;
  marked: WeekSlots | undefined;
  base: WeekSlots | undefined;
  drag: DragState | null;
  anchor: CellRef | null;
  days: readonly number[];
}

/** The state flags of each cell; a running drag previews its rectangle's editable cells in the painted state. */
function useCellFlags({ value, enabled, highlight, marked, base, drag, anchor, days }: CellMarks): (day: number, slot: number) => number {
  const preview = useMemo(() => (drag ? rectangle(drag.anchor, drag.current, days) : null), [drag, days]);
  return (day, slot) => {
    let flags = 0;
    const disabled = !isEnabled({ day, slot }, enabled);
    let on = value.has(day, slot);
    if (drag && preview && !disabled && preview.has(day, slot)) {
      on = drag.paintOn;
      flags |= F_PREVIEW;
    }
    if (on) flags |= F_ON;
    if (disabled) flags |= F_DISABLED;
    if (highlight?.has(day, slot)) flags |= F_HIGHLIGHT;
    if (marked?.has(day, slot)) flags |= F_MARKED;
    if (base?.has(day, slot)) flags |= F_BASE;
    if (anchor && anchor.day === day && anchor.slot === slot) flags |= F_ANCHOR;
    return flags;
  };
}

/** The first corner of a range waits for the second: how to give it, by keyboard or by tap. */
function cornerHint(anchor: CellRef, byKey: boolean): string {
  return byKey
    ? `Erste Ecke: ${DAY_NAMES[anchor.day]} ${clockTime(anchor.slot)}. Gehe mit den Pfeiltasten zur zweiten Ecke und drücke die Leertaste.`
    : `Erste Ecke: ${DAY_NAMES[anchor.day]} ${slotTime(anchor.slot)}. Tippe auf die zweite Ecke des Bereichs.`;
}

/** The weekly grid editor / viewer. */
export function WeekGrid(props: WeekGridProps) {
  const { value, onChange, range, enabled, hiddenDays, interaction = 'auto', compact, className } = props;
  const { onLabel = 'verfügbar', offLabel = 'nicht verfügbar', markedLabel, baseLabel, highlightLabel } = props;
  const editable = typeof onChange === 'function';
  const isMobile = useIsMobile();
  const coarse = useMediaQuery(COARSE_POINTER_QUERY);
  const short = compact ?? isMobile;
  const layoutTwoTap = interaction === 'two-tap' || (interaction === 'auto' && (isMobile || coarse));
  const usesTwoTap = (pointerType: string | null) => interaction !== 'drag' && (layoutTwoTap || (interaction === 'auto' && pointerType === 'touch'));

  const hiddenKey = (hiddenDays ?? []).join(',');
  // Keyed by content, not identity: callers may pass a new array on every render.
  const days = useMemo(() => visibleDays(hiddenKey ? hiddenKey.split(',').map(Number) : []), [hiddenKey]);
  const rangeStart = range.start;
  const rangeEnd = range.end;
  const slots = useMemo(() => visibleSlots({ start: rangeStart, end: rangeEnd }), [rangeStart, rangeEnd]);

  const tableRef = useRef<HTMLTableElement>(null);
  const helpId = useId();
  const announcer = useAnnouncer(onLabel, offLabel, props.clearedLabel);
  const input = useGridInput({ value, onChange, enabled, days, range, usesTwoTap, tableRef, announcer });
  const { anchor } = input;
  const flagsOf = useCellFlags({ value, enabled, highlight: props.highlight, marked: props.marked, base: props.base, drag: input.drag, anchor, days });

  if (days.length === 0) {
    return <p className="wg-empty">Keine Tage zum Anzeigen.</p>;
  }

  return (
    <div className={cx('wg', editable && 'wg--editable', short && 'wg--compact', className)}>
      <div className="visually-hidden wg-live" aria-live="polite">
        {announcer.announcement}
      </div>
      {editable && (
        <p id={helpId} className="visually-hidden">
          {KEYBOARD_HELP}
        </p>
      )}
      {editable && anchor && <TapHint text={cornerHint(anchor, input.anchorByKey)} onCancel={input.clearAnchor} />}
      <WeekGridTable
        tableRef={tableRef}
        label={props.label}
        helpId={helpId}
        editable={editable}
        short={short}
        days={days}
        slots={slots}
        flagsOf={flagsOf}
        tabbable={input.tabbable}
        handlers={input.handlers}
        cellLabels={{ onLabel, offLabel, markedLabel, baseLabel, highlightLabel }}
        busy={props.busy}
      />
    </div>
  );
}
