import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { cellOf } from './grid-dom';
import { sameCell, visibleCell, type CellRef, type SlotRange } from './grid-model';

/** The roving focus of the grid: one tabbable cell, moved by the arrow keys. */
export function useGridFocus(tableRef: RefObject<HTMLTableElement | null>, days: readonly number[], range: SlotRange) {
  const [focus, setFocus] = useState<CellRef | null>(null);
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current || !focus) return;
    focusPending.current = false;
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${focus.day}"][data-slot="${focus.slot}"]`)?.focus({ preventScroll: false });
  }, [focus, tableRef]);

  /** Moves the focus to `cell` and puts the browser's focus there after rendering. */
  const moveTo = (cell: CellRef) => {
    focusPending.current = true;
    setFocus(cell);
  };
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = cellOf(event.target as Element, tableRef.current);
    if (cell && !sameCell(cell, focus)) setFocus(cell);
  };
  return { tabbable: visibleCell(focus, days, range), setFocus, moveTo, onFocus };
}
