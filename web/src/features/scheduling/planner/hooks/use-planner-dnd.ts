import {
  KeyboardSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLatest } from '../../../../shared/hooks/use-latest';
import { grabOffset, nextKeyboardTarget, parseDayColumnId, UNPLACE_ID, type ActiveDrag, type DragData, type DropTarget } from '../model/dnd';
import { PLANNER_TEXTS } from '../model/texts';
import type { VisibleRange } from '../model/types';
import { plannerAnnouncements } from './dnd-announcements';
import { plannerCollision } from './dnd-collision';
import { KEYBOARD_CODES, keyboardCoordinates, MousePointerSensor } from './dnd-sensors';
import type { DropOutcome } from './use-drop-flow';

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

type Cell = { day: number; slot: number };

/** The cell a pointer drag is over: it comes in the first collision's data. */
function collisionCell(event: DragMoveEvent | DragOverEvent | DragEndEvent): Cell | null {
  const data = event.collisions?.[0]?.data as { day?: number; slot?: number } | undefined;
  return typeof data?.day === 'number' && typeof data.slot === 'number' ? { day: data.day, slot: data.slot } : null;
}

/** @dnd-kit wiring of the planner: pointer, touch and keyboard sensors, collisions and the preview. */
export function usePlannerDnd(opts: Options) {
  const optsRef = useLatest(opts);
  const keyboardTarget = useRef<Cell | null>(null);
  const [active, setActive] = useState<ActiveDrag | null>(null);
  const activeRef = useRef<ActiveDrag | null>(null);
  const [overUnplace, setOverUnplace] = useState(false);
  const [cell, setCell] = useState<Cell | null>(null);
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
      return keyboardCoordinates(next, current, currentCoordinates);
    },
    [optsRef],
  );

  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: KEYBOARD_CODES, scrollBehavior: 'auto' }),
  );
  const collisionDetection = useMemo(() => plannerCollision(keyboardTarget), []);

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
      const drag: ActiveDrag = { ...data, offset: !keyboard && data.kind === 'lesson' ? grabOffset(event.activatorEvent) : 0, keyboard };
      activeRef.current = drag;
      if (keyboard) {
        keyboardTarget.current = optsRef.current.keyboardStart(data.memberId);
        setCell(keyboardTarget.current);
      }
      setActive(drag);
    },
    [optsRef],
  );

  const onDragMove = useCallback((event: DragMoveEvent | DragOverEvent) => {
    setOverUnplace(event.over?.id === UNPLACE_ID);
    if (activeRef.current?.keyboard) return;
    const next = collisionCell(event);
    setCell((prev) => (prev?.day === next?.day && prev?.slot === next?.slot ? prev : next));
  }, []);

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const drag = activeRef.current;
      const over = event.over?.id ?? null;
      const target = keyboardTarget.current ?? collisionCell(event);
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
      if (parseDayColumnId(over) === null || !target) return;
      lastOutcome.current = optsRef.current.onDrop(drag.memberId, target.day, target.slot - (drag.keyboard ? 0 : drag.offset));
    },
    [reset, optsRef],
  );

  const target: DropTarget | null = active && cell ? { day: cell.day, start: cell.slot - (active.keyboard ? 0 : active.offset) } : null;
  const announcements = useMemo(() => plannerAnnouncements(optsRef, keyboardTarget, lastOutcome), [optsRef]);

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
