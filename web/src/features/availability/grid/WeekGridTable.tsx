import { DAY_NAMES, DAY_SHORT, SLOTS_PER_DAY } from '@stundenplan/timegrid';
import type { KeyboardEvent, MouseEvent, PointerEvent, FocusEvent, RefObject } from 'react';
import { cx } from '../../../shared/ui/cx';
import { GridCell } from './GridCell';
import { clockTime, hourLabel, type CellRef } from './grid-model';

export interface GridHandlers {
  onPointerDown: (event: PointerEvent<HTMLTableElement>) => void;
  onPointerOver: (event: PointerEvent<HTMLTableElement>) => void;
  onClick: (event: MouseEvent<HTMLTableElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => void;
  onFocus: (event: FocusEvent<HTMLTableElement>) => void;
}

interface WeekGridTableProps {
  tableRef: RefObject<HTMLTableElement | null>;
  label: string;
  helpId: string;
  editable: boolean;
  short: boolean;
  days: readonly number[];
  slots: readonly number[];
  /** The state flags of a cell (GridCell's F_*). */
  flagsOf: (day: number, slot: number) => number;
  tabbable: CellRef | null;
  handlers: GridHandlers;
  cellLabels: { onLabel: string; offLabel: string; markedLabel?: string; baseLabel?: string; highlightLabel?: string };
  busy: ReadonlyMap<number, string> | undefined;
}

/** The grid's table: a day per column, a quarter hour per row; events are delegated to the table. */
export function WeekGridTable({ tableRef, label, helpId, editable, short, days, slots, flagsOf, tabbable, handlers, cellLabels, busy }: WeekGridTableProps) {
  return (
    <table
      ref={tableRef}
      className="wg-table"
      role="grid"
      aria-label={label}
      aria-describedby={editable ? helpId : undefined}
      aria-readonly={editable ? undefined : true}
      aria-multiselectable={editable ? true : undefined}
      {...handlers}
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
                  {...cellLabels}
                  busyName={busy?.get(day * SLOTS_PER_DAY + slot)}
                />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
