// The planner's drag and drop without React: droppable ids, the slot under the pointer, what a draggable
// carries and where the keyboard target goes.
import type { UniqueIdentifier } from '@dnd-kit/core';
import { DAYS } from '@stundenplan/timegrid';
import type { VisibleRange } from './types';

export const UNPLACE_ID = 'unplace';

export function dayColumnId(day: number): string {
  return `day:${day}`;
}

export function parseDayColumnId(id: UniqueIdentifier | null | undefined): number | null {
  const m = typeof id === 'string' ? /^day:(\d)$/.exec(id) : null;
  return m ? Number(m[1]) : null;
}

/**
 * The slot under a client y coordinate in a day column that shows `rows` rows from `start`
 * (the column's top and height in client pixels).
 */
export function slotAt(y: number, top: number, height: number, start: number, rows: number): number {
  if (height <= 0 || rows <= 0) return start;
  return start + Math.max(0, Math.min(rows - 1, Math.floor(((y - top) / height) * rows)));
}

/** What a draggable carries in `data`. */
export interface DragData {
  kind: 'student' | 'lesson';
  memberId: string;
}

export interface ActiveDrag extends DragData {
  /** Rows between the grabbed row of a lesson and its first slot (pointer drags). */
  offset: number;
  keyboard: boolean;
}

export interface DropTarget {
  day: number;
  start: number;
}

/** The next keyboard target for a key, or null for keys that do not move. Pure, for tests. */
export function nextKeyboardTarget(
  code: string,
  current: { day: number; slot: number },
  range: VisibleRange,
  length: number,
): { day: number; slot: number } | null {
  let { day, slot } = current;
  switch (code) {
    case 'ArrowLeft':
      day -= 1;
      break;
    case 'ArrowRight':
      day += 1;
      break;
    case 'ArrowUp':
      slot -= 1;
      break;
    case 'ArrowDown':
      slot += 1;
      break;
    case 'PageUp':
      slot -= 4;
      break;
    case 'PageDown':
      slot += 4;
      break;
    case 'Home':
      slot = range.start;
      break;
    case 'End':
      slot = range.end - length;
      break;
    default:
      return null;
  }
  day = Math.max(0, Math.min(DAYS - 1, day));
  slot = Math.max(range.start, Math.min(Math.max(range.start, range.end - 1), slot));
  return { day, slot };
}

/** Where a pointer event happened (mouse, pen or the first touch). */
function pointOf(event: Event): { x: number; y: number } | null {
  if ('clientY' in event && typeof (event as MouseEvent).clientY === 'number') return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY };
  const touch = (event as TouchEvent).touches?.[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}

/**
 * Rows between the grabbed row of a lesson and its first slot: a lesson grabbed at its third row starts two rows
 * above the drop cell, so the grabbed row stays under the pointer.
 */
export function grabOffset(activatorEvent: Event): number {
  const el = (activatorEvent.target as HTMLElement | null)?.closest<HTMLElement>('[data-lesson-rows]');
  const point = pointOf(activatorEvent);
  if (!el || !point) return 0;
  const rect = el.getBoundingClientRect();
  const rows = Number(el.dataset.lessonRows) || 1;
  const hidden = Number(el.dataset.lessonHiddenRows) || 0;
  return rect.height > 0 ? hidden + Math.max(0, Math.min(rows - 1, Math.floor(((point.y - rect.top) / rect.height) * rows))) : 0;
}
