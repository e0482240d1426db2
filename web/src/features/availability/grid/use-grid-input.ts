// Pointer, click and keyboard input of an editable grid: drag strokes, two-tap ranges, single toggles, arrow keys.
import type { WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { strokeMessage, type Announcer } from './grid-announce';
import { cellOf } from './grid-dom';
import { moveDrag, moveFocus, startDrag, toggleCell, twoTap, type CellRef, type DragState, type SlotRange } from './grid-model';
import { useDocumentDrag, type LatestGrid } from './use-document-drag';
import { useGridFocus } from './use-grid-focus';

export interface GridInputOptions {
  value: WeekSlots;
  onChange: ((next: WeekSlots) => void) | undefined;
  enabled: WeekSlots | undefined;
  days: readonly number[];
  range: SlotRange;
  /** Whether a pointer of this type edits by two taps instead of dragging. */
  usesTwoTap: (pointerType: string | null) => boolean;
  tableRef: RefObject<HTMLTableElement | null>;
  announcer: Announcer;
}

/** Single-cell and two-corner edits, each announced and handed to onChange when they change the week. */
function useCellEdits({ value, onChange, enabled, days, announcer }: GridInputOptions, drag: DragState | null) {
  const [anchor, setAnchor] = useState<CellRef | null>(null);
  // Latest props for the document listeners of a running drag.
  const latest = useRef<LatestGrid>({ value, onChange, enabled, days, drag });
  latest.current = { value, onChange, enabled, days, drag };
  const commit = useCallback((next: WeekSlots) => {
    const { value: current, onChange: change } = latest.current;
    if (change && !next.equals(current)) change(next);
  }, []);
  const { announce, stateWord } = announcer;

  // A pending two-tap corner on a day that disappeared is dropped.
  useEffect(() => {
    if (anchor && !days.includes(anchor.day)) setAnchor(null);
  }, [anchor, days]);

  const applyTap = (cell: CellRef) => {
    const result = twoTap({ anchor }, value, cell, { days, enabled });
    setAnchor(result.state.anchor);
    if (result.value && anchor) {
      if (!result.value.equals(value)) announce(strokeMessage(anchor, cell, days, stateWord.current(!value.has(anchor.day, anchor.slot))));
      commit(result.value);
    }
  };
  const toggle = (cell: CellRef) => {
    const next = toggleCell(value, cell, enabled);
    if (next.equals(value)) return;
    announce(strokeMessage(cell, cell, days, stateWord.current(next.has(cell.day, cell.slot))));
    commit(next);
  };
  return { anchor, setAnchor, applyTap, toggle, latest, commit };
}

export function useGridInput(options: GridInputOptions) {
  const { value, onChange, enabled, days, range, usesTwoTap, tableRef } = options;
  const editable = typeof onChange === 'function';
  const [drag, setDrag] = useState<DragState | null>(null);
  const anchorByKey = useRef(false);
  const lastPointer = useRef<string | null>(null);
  const focus = useGridFocus(tableRef, days, range);
  const edits = useCellEdits(options, drag);
  const { anchor, applyTap, toggle } = edits;
  useDocumentDrag({ dragging: drag !== null, latest: edits.latest, setDrag, tableRef, commit: edits.commit, announcer: options.announcer });

  const onPointerDown = (event: PointerEvent<HTMLTableElement>) => {
    if (!editable) return;
    lastPointer.current = event.pointerType || 'mouse';
    if (usesTwoTap(lastPointer.current) || event.button !== 0) return;
    const cell = cellOf(event.target as Element, tableRef.current);
    if (!cell) return;
    focus.setFocus(cell);
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
  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    if (!editable) return;
    const cell = cellOf(event.target as Element, tableRef.current);
    anchorByKey.current = false;
    const pointer = lastPointer.current;
    lastPointer.current = null;
    if (!cell) return;
    focus.setFocus(cell);
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
      edits.setAnchor(null);
      return;
    }
    const next = moveFocus(cell, event.key, days, range);
    if (!next) return;
    event.preventDefault();
    focus.moveTo(next);
  };

  return {
    drag,
    anchor,
    anchorByKey: anchorByKey.current,
    clearAnchor: () => edits.setAnchor(null),
    tabbable: focus.tabbable,
    handlers: { onPointerDown, onPointerOver, onClick, onKeyDown, onFocus: focus.onFocus },
  };
}
