import {
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { DAYS } from '@stundenplan/timegrid';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { PLANNER_TEXTS } from '../model/texts';
import type { DropOutcome } from './use-drop-flow';
import type { VisibleRange } from '../model/types';
import { useLatest } from '../../../../shared/hooks/use-latest';

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

/**
 * Mouse and pen through the pointer events; touch is left to the TouchSensor (long press), so a
 * finger can still scroll the page.
 */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: Parameters<(typeof PointerSensor.activators)[number]['handler']>[1]) =>
        event.nativeEvent.pointerType === 'touch' ? false : PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

/** Keys that move the keyboard target (see PLANNER_TEXTS.keyboardHelp). */
export const KEYBOARD_CODES = { start: ['Space', 'Enter'], cancel: ['Escape', 'Tab'], end: ['Space', 'Enter'] };

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

interface Options {
  range: VisibleRange | null;
  lengthOf: (memberId: string) => number;
  /** Where a keyboard drag of this member starts (its lesson, or a good free cell). */
  keyboardStart: (memberId: string) => { day: number; slot: number };
  /** Places (or asks first); what it did decides the announcement. */
  onDrop: (memberId: string, day: number, start: number) => DropOutcome;
  onUnplace: (memberId: string) => void;
  nameOf: (memberId: string) => string;
  describeCell: (day: number, slot: number, length: number) => string;
}

/** @dnd-kit wiring of the planner: pointer, touch and keyboard sensors, collisions and the preview. */
export function usePlannerDnd(opts: Options) {
  const optsRef = useLatest(opts);
  const keyboardTarget = useRef<{ day: number; slot: number } | null>(null);
  const [active, setActive] = useState<ActiveDrag | null>(null);
  const activeRef = useRef<ActiveDrag | null>(null);
  const [overUnplace, setOverUnplace] = useState(false);
  const [cell, setCell] = useState<{ day: number; slot: number } | null>(null);
  /** What the last drop did, for its announcement (the handler runs before dnd-kit announces). */
  const lastOutcome = useRef<DropOutcome | 'removed' | null>(null);

  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const current = keyboardTarget.current;
      const drag = activeRef.current;
      const range = optsRef.current.range;
      if (!current || !drag || !range) return undefined;
      const next = nextKeyboardTarget(event.code, current, range, optsRef.current.lengthOf(drag.memberId));
      if (!next) return undefined;
      keyboardTarget.current = next;
      setCell(next);
      const el = document.querySelector<HTMLElement>(`[data-cell="${next.day}:${next.slot}"]`);
      el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      const rect = el?.getBoundingClientRect();
      if (rect && (rect.width > 0 || rect.height > 0)) return { x: rect.left, y: rect.top };
      // No layout (tests): still move, so the drag state changes.
      return { x: currentCoordinates.x + (next.day - current.day) * 10, y: currentCoordinates.y + (next.slot - current.slot) * 10 };
    },
    [optsRef],
  );

  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: KEYBOARD_CODES, scrollBehavior: 'auto' }),
  );

  /**
   * Keyboard: the keyboard target, whatever the geometry. Pointer: the unplace zone, else the day
   * column under the pointer (live client rects, so scrolling during a drag is fine) with the slot
   * under the pointer in the collision's data. Only 7 day columns are droppables, not every cell.
   */
  const collisionDetection: CollisionDetection = useCallback((args) => {
    const target = keyboardTarget.current;
    if (target) {
      const id = dayColumnId(target.day);
      return args.droppableContainers.some((c) => c.id === id) ? [{ id, data: { day: target.day, slot: target.slot } }] : [];
    }
    const point = args.pointerCoordinates;
    if (!point) return [];
    const inside = (r: DOMRect | undefined) => r !== undefined && point.x >= r.left && point.x <= r.right && point.y >= r.top && point.y <= r.bottom;
    for (const container of args.droppableContainers) {
      const node = container.node.current;
      if (!node) continue;
      const rect = node.getBoundingClientRect();
      if (!inside(rect)) continue;
      if (container.id === UNPLACE_ID) return [{ id: UNPLACE_ID }];
      const day = parseDayColumnId(container.id);
      if (day === null) continue;
      const slot = slotAt(point.y, rect.top, rect.height, Number(node.dataset.start), Number(node.dataset.rows));
      return [{ id: container.id, data: { day, slot } }];
    }
    return [];
  }, []);

  const reset = useCallback(() => {
    keyboardTarget.current = null;
    activeRef.current = null;
    setActive(null);
    setCell(null);
    setOverUnplace(false);
  }, []);

  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      const data = event.active.data.current as DragData | undefined;
      if (!data) return;
      const keyboard = typeof KeyboardEvent !== 'undefined' && event.activatorEvent instanceof KeyboardEvent;
      let offset = 0;
      if (!keyboard && data.kind === 'lesson') {
        // Keep the grabbed row under the pointer: a lesson grabbed at its third row starts two rows above the drop cell.
        const el = (event.activatorEvent.target as HTMLElement | null)?.closest<HTMLElement>('[data-lesson-rows]');
        const point = pointOf(event.activatorEvent);
        if (el && point) {
          const rect = el.getBoundingClientRect();
          const rows = Number(el.dataset.lessonRows) || 1;
          const hidden = Number(el.dataset.lessonHiddenRows) || 0;
          if (rect.height > 0) offset = hidden + Math.max(0, Math.min(rows - 1, Math.floor(((point.y - rect.top) / rect.height) * rows)));
        }
      }
      const drag: ActiveDrag = { ...data, offset, keyboard };
      activeRef.current = drag;
      if (keyboard) {
        keyboardTarget.current = optsRef.current.keyboardStart(data.memberId);
        setCell(keyboardTarget.current);
      }
      setActive(drag);
    },
    [optsRef],
  );

  /** Pointer moves: the cell under the pointer comes in the first collision's data. */
  const onDragMove = useCallback((event: DragMoveEvent | DragOverEvent) => {
    setOverUnplace(event.over?.id === UNPLACE_ID);
    if (activeRef.current?.keyboard) return;
    const data = event.collisions?.[0]?.data as { day?: number; slot?: number } | undefined;
    const next = typeof data?.day === 'number' && typeof data.slot === 'number' ? { day: data.day, slot: data.slot } : null;
    setCell((prev) => (prev?.day === next?.day && prev?.slot === next?.slot ? prev : next));
  }, []);

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const drag = activeRef.current;
      const over = event.over?.id ?? null;
      const data = event.collisions?.[0]?.data as { day?: number; slot?: number } | undefined;
      const keyboard = keyboardTarget.current;
      reset();
      lastOutcome.current = null;
      if (!drag) return;
      if (over === UNPLACE_ID) {
        if (drag.kind === 'lesson') {
          optsRef.current.onUnplace(drag.memberId);
          lastOutcome.current = 'removed';
        }
        return;
      }
      if (parseDayColumnId(over) === null) return;
      const target = keyboard ?? (typeof data?.day === 'number' && typeof data.slot === 'number' ? { day: data.day, slot: data.slot } : null);
      if (target) lastOutcome.current = optsRef.current.onDrop(drag.memberId, target.day, target.slot - (drag.keyboard ? 0 : drag.offset));
    },
    [reset, optsRef],
  );

  const target: DropTarget | null = active && cell ? { day: cell.day, start: cell.slot - (active.keyboard ? 0 : active.offset) } : null;

  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active: a }) => {
        const data = a.data.current as DragData | undefined;
        return data ? `${optsRef.current.nameOf(data.memberId)} aufgenommen.` : undefined;
      },
      // Keyboard moves are announced on every step; pointer drags only when they reach the unplace zone.
      onDragMove: ({ active: a }) => {
        const data = a.data.current as DragData | undefined;
        const target = keyboardTarget.current;
        if (!data || !target) return undefined;
        return `${optsRef.current.nameOf(data.memberId)}: ${optsRef.current.describeCell(target.day, target.slot, optsRef.current.lengthOf(data.memberId))}`;
      },
      onDragOver: ({ active: a, over }) => {
        const data = a.data.current as DragData | undefined;
        if (!data || keyboardTarget.current) return undefined;
        return over?.id === UNPLACE_ID ? `${optsRef.current.nameOf(data.memberId)}: Stunde entfernen.` : undefined;
      },
      // 'abgelegt' only for a drop that took place; the override dialog announces its own answer (useDropFlow).
      onDragEnd: ({ active: a }) => {
        const data = a.data.current as DragData | undefined;
        const outcome = lastOutcome.current;
        lastOutcome.current = null;
        if (!data || outcome === 'asking') return undefined;
        const name = optsRef.current.nameOf(data.memberId);
        return outcome === 'placed' || outcome === 'unchanged' || outcome === 'removed' ? PLANNER_TEXTS.dropped(name) : PLANNER_TEXTS.notDropped(name);
      },
      onDragCancel: ({ active: a }) => {
        const data = a.data.current as DragData | undefined;
        return data ? `Verschieben von ${optsRef.current.nameOf(data.memberId)} abgebrochen.` : undefined;
      },
    }),
    [optsRef],
  );

  return {
    sensors,
    collisionDetection,
    onDragStart,
    onDragOver: onDragMove,
    onDragMove,
    onDragEnd,
    onDragCancel: reset,
    active,
    target,
    overUnplace,
    accessibility: { announcements, screenReaderInstructions: { draggable: PLANNER_TEXTS.keyboardHelp } },
  };
}

function pointOf(event: Event): { x: number; y: number } | null {
  if ('clientY' in event && typeof (event as MouseEvent).clientY === 'number') return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY };
  const touch = (event as TouchEvent).touches?.[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}
