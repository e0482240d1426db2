// The weekly 15-minute grid (docs/product/planning.md, docs/product/times.md, docs/product/limits.md): 7 day columns, one row per quarter hour of the
// visible range, an hour label on every row at minute 00. Editable (click / drag / two taps /
// keyboard) or read-only. Cells are memoised and all events are delegated to the table, so the
// 672 cells re-render only when their own state changes.
import { DAY_NAMES, DAY_SHORT, SLOTS_PER_DAY, type WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { cx } from '../../../shared/ui/cx';
import { TapHint } from './TapHint';
import { F_ANCHOR, F_BASE, F_DISABLED, F_HIGHLIGHT, F_MARKED, F_ON, F_PREVIEW, GridCell } from './GridCell';
import {
  clockTime,
  finishDrag,
  hourLabel,
  isEnabled,
  moveDrag,
  moveFocus,
  rectangle,
  sameCell,
  slotTime,
  startDrag,
  toggleCell,
  twoTap,
  visibleCell,
  visibleDays,
  visibleSlots,
  type CellRef,
  type DragState,
  type SlotRange,
} from './grid-model';
import { COARSE_POINTER_QUERY, useIsMobile, useMediaQuery } from '../../../shared/hooks/use-media-query';
import './week-grid.css';

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

/** Distance (px) from the viewport edge where a running stroke scrolls the page, and its top speed. */
const AUTO_SCROLL_EDGE = 40;
const AUTO_SCROLL_MAX_STEP = 18;

export const KEYBOARD_HELP =
  'Pfeiltasten wechseln die Zelle, Leertaste schaltet eine Viertelstunde um. Umschalt+Leertaste setzt die erste Ecke eines Bereichs, Leertaste auf der zweiten Ecke markiert ihn, Escape bricht ab.';

/** What an edit announces: 'Montag 09:00 bis 10:30 als verfügbar markiert'. */
export function strokeMessage(a: CellRef, b: CellRef, days: readonly number[], label: string): string {
  const ia = days.indexOf(a.day);
  const ib = days.indexOf(b.day);
  const [first, last] = ia <= ib ? [a.day, b.day] : [b.day, a.day];
  const from = clockTime(Math.min(a.slot, b.slot));
  const to = clockTime(Math.max(a.slot, b.slot) + 1);
  const when = first === last ? `${DAY_NAMES[first]} ${from} bis ${to}` : `${DAY_NAMES[first]} bis ${DAY_NAMES[last]}, ${from} bis ${to}`;
  return `${when} als ${label} markiert`;
}

function cellOf(element: Element | null, root: HTMLElement | null): CellRef | null {
  const el = element?.closest?.('[data-slot]');
  if (!el || !root?.contains(el)) return null;
  return { day: Number(el.getAttribute('data-day')), slot: Number(el.getAttribute('data-slot')) };
}

/** The weekly grid editor / viewer. */
export function WeekGrid({
  value,
  onChange,
  range,
  enabled,
  hiddenDays,
  highlight,
  marked,
  markedLabel,
  onLabel = 'verfügbar',
  offLabel = 'nicht verfügbar',
  clearedLabel,
  highlightLabel,
  base,
  baseLabel,
  busy,
  label,
  interaction = 'auto',
  compact,
  className,
}: WeekGridProps) {
  const editable = typeof onChange === 'function';
  const isMobile = useIsMobile();
  const coarse = useMediaQuery(COARSE_POINTER_QUERY);
  const short = compact ?? isMobile;
  const layoutTwoTap = interaction === 'two-tap' || (interaction === 'auto' && (isMobile || coarse));

  const hiddenKey = (hiddenDays ?? []).join(',');
  // Keyed by content, not identity: callers may pass a new array on every render.
  const days = useMemo(() => visibleDays(hiddenKey ? hiddenKey.split(',').map(Number) : []), [hiddenKey]);
  const rangeStart = range.start;
  const rangeEnd = range.end;
  const slots = useMemo(() => visibleSlots({ start: rangeStart, end: rangeEnd }), [rangeStart, rangeEnd]);

  const tableRef = useRef<HTMLTableElement>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [anchor, setAnchor] = useState<CellRef | null>(null);
  const anchorByKey = useRef(false);
  const helpId = useId();
  const [focus, setFocus] = useState<CellRef | null>(null);
  const focusPending = useRef(false);
  const lastPointer = useRef<string | null>(null);
  // The polite live region: what the last finished edit did.
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement((prev) => (prev === message ? `${message}\u00a0` : message)), []);
  const stateWord = (on: boolean) => (on ? onLabel : (clearedLabel ?? offLabel));
  const labels = useRef(stateWord);
  labels.current = stateWord;

  // Latest props for the document listeners of a running drag.
  const latest = useRef({ value, onChange, enabled, days, drag });
  latest.current = { value, onChange, enabled, days, drag };

  const commit = useCallback((next: WeekSlots) => {
    const { value: current, onChange: change } = latest.current;
    if (change && !next.equals(current)) change(next);
  }, []);

  // A running drag listens on the document: the pointer may be released anywhere.
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const onUp = () => {
      const { drag: stroke, value: current, days: shownDays, enabled: editableSlots } = latest.current;
      if (stroke) {
        const next = finishDrag(current, stroke, { days: shownDays, enabled: editableSlots });
        if (!next.equals(current)) announce(strokeMessage(stroke.anchor, stroke.current, shownDays, labels.current(stroke.paintOn)));
        commit(next);
      }
      setDrag(null);
    };
    const onCancel = () => setDrag(null);
    const canHitTest = typeof document.elementFromPoint === 'function';
    let point: { x: number; y: number } | null = null;
    const trackPoint = () => {
      if (!point || !canHitTest) return;
      const cell = cellOf(document.elementFromPoint(point.x, point.y), tableRef.current);
      if (cell) setDrag((d) => (d ? moveDrag(d, cell) : d));
    };
    const onMove = (event: globalThis.PointerEvent) => {
      // Pens and captured pointers do not fire pointerover on the cells they cross.
      point = { x: event.clientX, y: event.clientY };
      trackPoint();
    };
    // Near the top (below the sticky day row) or bottom edge the page scrolls, so a stroke can
    // reach rows outside the viewport.
    let frame = 0;
    const autoScroll = () => {
      frame = requestAnimationFrame(autoScroll);
      if (!point) return;
      const headBottom = tableRef.current?.tHead?.getBoundingClientRect().bottom ?? 0;
      const top = Math.max(0, headBottom) + AUTO_SCROLL_EDGE;
      const bottom = window.innerHeight - AUTO_SCROLL_EDGE;
      let dy = 0;
      if (point.y < top) dy = -Math.min(AUTO_SCROLL_MAX_STEP, Math.ceil((top - point.y) / 3));
      else if (point.y > bottom) dy = Math.min(AUTO_SCROLL_MAX_STEP, Math.ceil((point.y - bottom) / 3));
      if (dy === 0) return;
      window.scrollBy(0, dy);
      trackPoint();
    };
    if (canHitTest && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(autoScroll);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setDrag(null);
    };
    document.addEventListener('pointerup', onUp);
    document.addEventListener('pointercancel', onCancel);
    document.addEventListener('pointermove', onMove);
    document.addEventListener('keydown', onKey);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener('pointerup', onUp);
      document.removeEventListener('pointercancel', onCancel);
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('keydown', onKey);
    };
  }, [dragging, commit, announce]);

  // A pending two-tap corner on a day that disappeared is dropped.
  useEffect(() => {
    if (anchor && !days.includes(anchor.day)) setAnchor(null);
  }, [anchor, days]);

  const tabbable = visibleCell(focus, days, range);

  useEffect(() => {
    if (!focusPending.current || !focus) return;
    focusPending.current = false;
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${focus.day}"][data-slot="${focus.slot}"]`)?.focus({ preventScroll: false });
  }, [focus]);

  const usesTwoTap = (pointerType: string | null) => interaction !== 'drag' && (layoutTwoTap || (interaction === 'auto' && pointerType === 'touch'));

  const onPointerDown = (event: PointerEvent<HTMLTableElement>) => {
    if (!editable) return;
    lastPointer.current = event.pointerType || 'mouse';
    if (usesTwoTap(lastPointer.current) || event.button !== 0) return;
    const cell = cellOf(event.target as Element, tableRef.current);
    if (!cell) return;
    setFocus(cell);
    (event.target as HTMLElement).focus?.({ preventScroll: true });
    const stroke = startDrag(value, cell, enabled);
    if (!stroke) return;
    event.preventDefault();
    setDrag(stroke);
  };

  const onPointerOver = (event: PointerEvent<HTMLTableElement>) => {
    if (!drag) return;
    const cell = cellOf(event.target as Element, tableRef.current);
    if (cell) setDrag((d) => (d ? moveDrag(d, cell) : d));
  };

  const applyTap = (cell: CellRef) => {
    const result = twoTap({ anchor }, value, cell, { days, enabled });
    setAnchor(result.state.anchor);
    if (result.value && anchor) {
      if (!result.value.equals(value)) announce(strokeMessage(anchor, cell, days, stateWord(!value.has(anchor.day, anchor.slot))));
      commit(result.value);
    }
  };

  const toggle = (cell: CellRef) => {
    const next = toggleCell(value, cell, enabled);
    if (next.equals(value)) return;
    announce(strokeMessage(cell, cell, days, stateWord(next.has(cell.day, cell.slot))));
    commit(next);
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    if (!editable) return;
    const cell = cellOf(event.target as Element, tableRef.current);
    anchorByKey.current = false;
    const pointer = lastPointer.current;
    lastPointer.current = null;
    if (!cell) return;
    setFocus(cell);
    if (usesTwoTap(pointer)) applyTap(cell);
    // detail 0: a click from the keyboard or assistive technology, not from the pointer stroke.
    else if (event.detail === 0) toggle(cell);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = cellOf(event.target as Element, tableRef.current);
    if (!cell) return;
    const activate = event.key === ' ' || event.key === 'Spacebar' || event.key === 'Enter';
    if (editable && activate) {
      event.preventDefault();
      // Shift + Space / Enter marks the first corner of a range; Space / Enter on the second corner applies it.
      anchorByKey.current = !anchor;
      if (anchor || event.shiftKey) applyTap(cell);
      else toggle(cell);
      return;
    }
    if (event.key === 'Escape' && anchor) {
      setAnchor(null);
      return;
    }
    const next = moveFocus(cell, event.key, days, range);
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setFocus(next);
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = cellOf(event.target as Element, tableRef.current);
    if (cell && !sameCell(cell, focus)) setFocus(cell);
  };

  // The preview of a running drag: the rectangle's editable cells show the painted state.
  const preview = useMemo(() => (drag ? rectangle(drag.anchor, drag.current, days) : null), [drag, days]);

  const flagsOf = (day: number, slot: number): number => {
    let flags = 0;
    const disabled = !isEnabled({ day, slot }, enabled);
    let on = value.has(day, slot);
    if (preview && !disabled && preview.has(day, slot)) {
      on = drag!.paintOn;
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

  if (days.length === 0) {
    return <p className="wg-empty">Keine Tage zum Anzeigen.</p>;
  }

  return (
    <div className={cx('wg', editable && 'wg--editable', short && 'wg--compact', className)}>
      <div className="visually-hidden wg-live" aria-live="polite">
        {announcement}
      </div>
      {editable && (
        <p id={helpId} className="visually-hidden">
          {KEYBOARD_HELP}
        </p>
      )}
      {editable && anchor && (
        <TapHint
          text={
            anchorByKey.current
              ? `Erste Ecke: ${DAY_NAMES[anchor.day]} ${clockTime(anchor.slot)}. Gehe mit den Pfeiltasten zur zweiten Ecke und drücke die Leertaste.`
              : `Erste Ecke: ${DAY_NAMES[anchor.day]} ${slotTime(anchor.slot)}. Tippe auf die zweite Ecke des Bereichs.`
          }
          onCancel={() => setAnchor(null)}
        />
      )}
      <table
        ref={tableRef}
        className="wg-table"
        role="grid"
        aria-label={label}
        aria-describedby={editable ? helpId : undefined}
        aria-readonly={editable ? undefined : true}
        aria-multiselectable={editable ? true : undefined}
        onPointerDown={onPointerDown}
        onPointerOver={onPointerOver}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <thead>
          <tr role="row">
            <th className="wg-corner" scope="col">
              <span className="visually-hidden">Uhrzeit</span>
            </th>
            {days.map((day) => (
              <th key={day} className="wg-day" scope="col" role="columnheader">
                {short ? <abbr title={DAY_NAMES[day]}>{DAY_SHORT[day]}</abbr> : DAY_NAMES[day]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slots.map((slot) => {
            const hour = hourLabel(slot);
            return (
              <tr key={slot} role="row" className={cx('wg-row', hour !== null && 'wg-row--hour')}>
                <th className="wg-time" scope="row" role="rowheader">
                  {hour !== null ? hour : <span className="visually-hidden">{clockTime(slot)}</span>}
                </th>
                {days.map((day) => (
                  <GridCell
                    key={day}
                    day={day}
                    slot={slot}
                    flags={flagsOf(day, slot)}
                    tabbable={!!tabbable && tabbable.day === day && tabbable.slot === slot}
                    interactive={editable}
                    onLabel={onLabel}
                    offLabel={offLabel}
                    markedLabel={markedLabel}
                    baseLabel={baseLabel}
                    highlightLabel={highlightLabel}
                    busyName={busy?.get(day * SLOTS_PER_DAY + slot)}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
