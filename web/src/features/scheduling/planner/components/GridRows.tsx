import { DAYS, DAY_NAMES, DAY_SHORT, slotToClock, type WeekSlots } from '@stundenplan/timegrid';
import { cx } from '../../../../shared/ui/cx';
import { candidateShade, type CandidateGrid } from '../model/candidates';
import { plannerCellName, SLOTS } from '../model/grid-names';
import type { VisibleRange } from '../model/types';
import { GridCell } from './GridCell';

interface Props {
  range: VisibleRange;
  compact: boolean;
  teacherWeek: WeekSlots;
  highlightWeek: WeekSlots | null;
  candidates: CandidateGrid;
  maxCandidates: number;
  /** Who takes each quarter hour (occupantsOf). */
  occupants: ReadonlyMap<number, string>;
  tabStop: { day: number; slot: number } | null;
}

/** The header row with the day names. */
export function GridHeaderRow() {
  return (
    <div role="row" className="grid-row">
      <div className="grid-corner" role="columnheader" style={{ gridRow: 1, gridColumn: 1 }}>
        <span className="visually-hidden">Uhrzeit</span>
      </div>
      {DAY_NAMES.map((name, day) => (
        <div key={name} className="grid-day" role="columnheader" style={{ gridRow: 1, gridColumn: day + 2 }}>
          <span className="grid-day__long">{name}</span>
          <span className="grid-day__short" aria-hidden="true">
            {DAY_SHORT[day]}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The time label of a row: full hours visibly (compact rows: over the hour's four rows), the others for screen readers only. */
function RowHeader({ slot, row, compact, first, end }: { slot: number; row: number; compact: boolean; first: boolean; end: number }) {
  const hourStart = slot % 4 === 0;
  // Compact rows are too low for a label: there the hour's label spans its four quarter hours.
  const labelRows = compact ? Math.min(4, end - slot) : 1;
  return (
    <>
      {(!compact || hourStart || first) && (
        <div
          className={cx('grid-time', hourStart && 'grid-time--hour')}
          style={{ gridRow: `${row} / span ${hourStart ? labelRows : 1}` }}
          role={hourStart ? 'rowheader' : undefined}
          aria-hidden={!hourStart}
        >
          {hourStart ? slotToClock(slot) : ''}
        </div>
      )}
      {/* Rows at :15 / :30 / :45 name their time for screen readers only. */}
      {!hourStart && (
        <div role="rowheader" className="visually-hidden">
          {slotToClock(slot)}
        </div>
      )}
    </>
  );
}

/** The 15-minute rows of the visible range: a time label and a cell per day. */
export function GridRows({ range, compact, teacherWeek, highlightWeek, candidates, maxCandidates, occupants, tabStop }: Props) {
  const rows = [];
  for (let slot = range.start; slot < range.end; slot++) {
    const row = slot - range.start + 2;
    const cells = [];
    for (let day = 0; day < DAYS; day++) {
      const count = candidates[day]?.[slot] ?? 0;
      const teacher = teacherWeek.has(day, slot);
      cells.push(
        <GridCell
          key={`${day}:${slot}`}
          day={day}
          slot={slot}
          row={row}
          teacher={teacher}
          highlight={highlightWeek ? highlightWeek.has(day, slot) : false}
          candidates={count}
          shade={candidateShade(count, maxCandidates)}
          hourStart={slot % 4 === 0}
          name={plannerCellName(day, slot, occupants.get(day * SLOTS + slot), teacher)}
          tabbable={tabStop?.day === day && tabStop.slot === slot}
        />,
      );
    }
    rows.push(
      <div key={`r${slot}`} role="row" className="grid-row">
        <RowHeader slot={slot} row={row} compact={compact} first={slot === range.start} end={range.end} />
        {cells}
      </div>,
    );
  }
  return <>{rows}</>;
}
