import { useDroppable } from '@dnd-kit/core';
import { memo, type CSSProperties } from 'react';
import { cx } from '../../../../shared/ui/cx';
import { dayColumnId } from '../model/dnd';
import { PLANNER_TEXTS } from '../model/texts';

interface Props {
  day: number;
  slot: number;
  row: number;
  teacher: boolean;
  highlight: boolean;
  /** Unplaced students who could take this free cell, and the shading strength 0..1. */
  candidates: number;
  shade: number;
  hourStart: boolean;
  /** The accessible name: 'Montag 09:15, belegt: Lena Vogel' / 'Montag 09:15, frei'. */
  name: string;
  /** The grid's one tab stop (roving tabindex). */
  tabbable: boolean;
}

/** One quarter hour of one day (background only; the day column is the drop target). */
export const GridCell = memo(function GridCell({ day, slot, row, teacher, highlight, candidates, shade, hourStart, name, tabbable }: Props) {
  const style: CSSProperties = { gridColumn: day + 2, gridRow: row };
  if (shade > 0) (style as Record<string, unknown>)['--shade'] = shade;
  return (
    <div
      className={cx(
        'grid-cell',
        teacher && 'grid-cell--teacher',
        highlight && 'grid-cell--highlight',
        shade > 0 && 'grid-cell--candidates',
        hourStart && 'grid-cell--hour',
      )}
      style={style}
      data-cell={`${day}:${slot}`}
      role="gridcell"
      aria-label={name}
      tabIndex={tabbable ? 0 : -1}
      title={candidates > 0 ? PLANNER_TEXTS.candidatesTitle(candidates) : undefined}
    />
  );
});

/**
 * The drop target of one day: spans the visible rows; the slot under the pointer is computed from
 * its client rect (see usePlannerDnd). Invisible and click-through.
 */
export function DayColumn({ day, start, rows }: { day: number; start: number; rows: number }) {
  const { setNodeRef } = useDroppable({ id: dayColumnId(day), data: { day } });
  return (
    <div
      ref={setNodeRef}
      className="day-column"
      style={{ gridColumn: day + 2, gridRow: `2 / ${rows + 2}` }}
      data-day-column={day}
      data-start={start}
      data-rows={rows}
      aria-hidden="true"
    />
  );
}
