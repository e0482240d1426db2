// A running drag listens on the document: the pointer may be released anywhere, and near the viewport's edge the
// page scrolls so that a stroke reaches rows outside it.
import type { WeekSlots } from '@stundenplan/timegrid';
import { useEffect, type Dispatch, type MutableRefObject, type RefObject, type SetStateAction } from 'react';
import type { Announcer } from './grid-announce';
import { strokeMessage } from './grid-announce';
import { cellOf } from './grid-dom';
import { finishDrag, moveDrag, type DragState } from './grid-model';

/** Distance (px) from the viewport edge where a running stroke scrolls the page, and its top speed. */
const AUTO_SCROLL_EDGE = 40;
const AUTO_SCROLL_MAX_STEP = 18;

/** The props a document listener reads when it fires (they may have changed since the drag began). */
export interface LatestGrid {
  value: WeekSlots;
  enabled: WeekSlots | undefined;
  days: readonly number[];
  drag: DragState | null;
  onChange: ((next: WeekSlots) => void) | undefined;
}

interface DocumentDragOptions {
  dragging: boolean;
  latest: MutableRefObject<LatestGrid>;
  setDrag: Dispatch<SetStateAction<DragState | null>>;
  tableRef: RefObject<HTMLTableElement | null>;
  commit: (next: WeekSlots) => void;
  announcer: Announcer;
}

/** How far a pointer at `y` scrolls the page this frame (0 away from the edges). */
function scrollStep(y: number, table: HTMLTableElement | null): number {
  const headBottom = table?.tHead?.getBoundingClientRect().bottom ?? 0;
  const top = Math.max(0, headBottom) + AUTO_SCROLL_EDGE;
  const bottom = window.innerHeight - AUTO_SCROLL_EDGE;
  if (y < top) return -Math.min(AUTO_SCROLL_MAX_STEP, Math.ceil((top - y) / 3));
  if (y > bottom) return Math.min(AUTO_SCROLL_MAX_STEP, Math.ceil((y - bottom) / 3));
  return 0;
}

export function useDocumentDrag({ dragging, latest, setDrag, tableRef, commit, announcer }: DocumentDragOptions): void {
  const { announce, stateWord } = announcer;
  useEffect(() => {
    if (!dragging) return;
    const onUp = () => {
      const { drag: stroke, value: current, days: shownDays, enabled: editableSlots } = latest.current;
      if (stroke) {
        const next = finishDrag(current, stroke, { days: shownDays, enabled: editableSlots });
        if (!next.equals(current)) announce(strokeMessage(stroke.anchor, stroke.current, shownDays, stateWord.current(stroke.paintOn)));
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
    // Near the top (below the sticky day row) or bottom edge the page scrolls.
    let frame = 0;
    const autoScroll = () => {
      frame = requestAnimationFrame(autoScroll);
      if (!point) return;
      const dy = scrollStep(point.y, tableRef.current);
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
  }, [dragging, commit, announce, latest, setDrag, tableRef, stateWord]);
}
