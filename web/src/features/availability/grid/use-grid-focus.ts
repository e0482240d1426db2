import { useState, type FocusEvent, type RefObject } from 'react';
import { cellOf } from './grid-dom';
import { sameCell, visibleCell, type CellRef, type SlotRange } from './grid-model';

/** The roving focus of the grid: one tabbable cell, moved by the arrow keys. */
export function useGridFocus(tableRef: RefObject<HTMLTableElement | null>, days: readonly number[], range: SlotRange) {
  const [focus, setFocus] = useState<CellRef | null>(null);

  /**
   * Moves the focus to `cell`: the cell is rendered already and takes the browser's focus in the key handler,
   * so the next key press starts from it even before the grid renders the new tab stop.
   */
  const moveTo = (cell: CellRef) => {
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${cell.day}"][data-slot="${cell.slot}"]`)?.focus({ preventScroll: false });
    setFocus(cell);
  };
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = cellOf(event.target as Element, tableRef.current);
    if (cell && !sameCell(cell, focus)) setFocus(cell);
  };
  return { tabbable: visibleCell(focus, days, range), setFocus, moveTo, onFocus };
}
