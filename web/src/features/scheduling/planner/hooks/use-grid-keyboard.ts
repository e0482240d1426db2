import { useState, type KeyboardEvent, type RefObject } from 'react';
import { nextKeyboardTarget } from '../model/dnd';
import { cellOf } from '../model/grid-names';
import type { VisibleRange } from '../model/types';

type Cell = { day: number; slot: number };

/**
 * Roving tabindex of the planner grid: one cell is the grid's tab stop; arrow keys move it, Space / Enter taps
 * the cell.
 */
export function useGridKeyboard(
  gridRef: RefObject<HTMLElement | null>,
  range: VisibleRange | null,
  onCellTap: (day: number, slot: number) => void,
  occupied: (day: number, slot: number) => boolean = () => false,
) {
  const [active, setActive] = useState<Cell | null>(null);
  const tabStop: Cell | null = !range ? null : active && active.slot >= range.start && active.slot < range.end ? active : firstFreeCell(range, occupied);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target as HTMLElement);
    if (!cell || !range) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onCellTap(cell.day, cell.slot);
      return;
    }
    const next = nextKeyboardTarget(event.key, cell, range, 1);
    if (!next) return;
    event.preventDefault();
    // The cell is rendered already: it takes the focus in the handler, so the next key press starts from it
    // even before the grid renders the new tab stop.
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${next.day}:${next.slot}"]`)?.focus();
    setActive(next);
  };
  return { tabStop, onKeyDown };
}

/**
 * The grid's first tab stop: the first free cell in reading order (row by row, Monday to Sunday), so that it is
 * not hidden under a lesson's tile (the planner opens at the teacher's first time, often a lesson's start).
 */
export function firstFreeCell(range: VisibleRange, occupied: (day: number, slot: number) => boolean): Cell {
  for (let slot = range.start; slot < range.end; slot++) {
    for (let day = 0; day < 7; day++) if (!occupied(day, slot)) return { day, slot };
  }
  return { day: 0, slot: range.start };
}
