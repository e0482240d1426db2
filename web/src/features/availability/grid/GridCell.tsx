// One quarter-hour cell of the week grid (WeekGrid.tsx): its state as bit flags, so a memoised cell re-renders
// only when its own state changes.
import { DAY_NAMES } from '@stundenplan/timegrid';
import { memo } from 'react';
import { cx } from '../../../shared/ui/cx';
import { clockTime } from './grid-model';

export const F_ON = 1;
export const F_DISABLED = 2;
export const F_HIGHLIGHT = 4;
export const F_PREVIEW = 8;
export const F_ANCHOR = 16;
export const F_MARKED = 32;
export const F_BASE = 64;

export interface CellProps {
  day: number;
  slot: number;
  flags: number;
  tabbable: boolean;
  interactive: boolean;
  /** The state words of the accessible name ('Montag 09:15, verfügbar'): set, not set, marked (on), base-only. */
  onLabel: string;
  offLabel: string;
  markedLabel?: string | undefined;
  baseLabel?: string | undefined;
  /** Appended to the name of highlighted cells. */
  highlightLabel?: string | undefined;
  /** The event of the user's own calendar that makes this slot busy: hatched, named on hover and in the accessible name. */
  busyName?: string | undefined;
}

/** The accessible name of a cell: 'Montag 09:15, verfügbar', 'Montag 09:15, nicht verfügbar, belegt: Orchester'. */
export function cellName(day: number, slot: number, state: string, extras: readonly (string | false | undefined)[] = []): string {
  return [`${DAY_NAMES[day]} ${clockTime(slot)}`, state, ...extras].filter(Boolean).join(', ');
}

export const GridCell = memo(function GridCell({
  day,
  slot,
  flags,
  tabbable,
  interactive,
  onLabel,
  offLabel,
  markedLabel,
  baseLabel,
  highlightLabel,
  busyName,
}: CellProps) {
  const on = (flags & F_ON) !== 0;
  const disabled = (flags & F_DISABLED) !== 0;
  const marked = on && (flags & F_MARKED) !== 0;
  const baseOnly = !on && (flags & F_BASE) !== 0;
  const busy = busyName !== undefined ? `belegt: ${busyName}` : '';
  const highlight = (flags & F_HIGHLIGHT) !== 0;
  const state = marked && markedLabel ? markedLabel : on ? onLabel : baseOnly && baseLabel ? baseLabel : offLabel;
  const name = cellName(day, slot, state, [highlight && highlightLabel, busy]);
  return (
    <td
      role="gridcell"
      data-day={day}
      data-slot={slot}
      className={cx(
        'wg-cell',
        on && 'wg-cell--on',
        disabled && 'wg-cell--disabled',
        highlight && 'wg-cell--highlight',
        (flags & F_PREVIEW) !== 0 && 'wg-cell--preview',
        (flags & F_ANCHOR) !== 0 && 'wg-cell--anchor',
        marked && 'wg-cell--marked',
        baseOnly && 'wg-cell--base',
        busy && 'wg-cell--busy',
      )}
      title={busyName !== undefined ? `Belegt: ${busyName}` : undefined}
      aria-selected={interactive ? on : undefined}
      aria-disabled={interactive && disabled ? true : undefined}
      aria-label={name}
      tabIndex={tabbable ? 0 : -1}
    />
  );
});
