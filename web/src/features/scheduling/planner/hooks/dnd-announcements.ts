import type { Announcements } from '@dnd-kit/core';
import { UNPLACE_ID, type DragData } from '../model/dnd';
import { PLANNER_TEXTS } from '../model/texts';
import type { DropOutcome } from './use-drop-flow';

interface Sources {
  nameOf: (memberId: string) => string;
  lengthOf: (memberId: string) => number;
  describeCell: (day: number, slot: number, length: number) => string;
}

type Ref<T> = { current: T };

const dataOf = (a: { data: { current?: unknown } }) => a.data.current as DragData | undefined;

/**
 * What the screen reader hears during a drag. Keyboard moves are announced on every step; pointer drags only when
 * they reach the unplace zone; 'abgelegt' only for a drop that took place (the override dialog announces its own answer).
 */
export function plannerAnnouncements(
  sources: Ref<Sources>,
  keyboardTarget: Ref<{ day: number; slot: number } | null>,
  lastOutcome: Ref<DropOutcome | 'removed' | null>,
): Announcements {
  const name = (data: DragData) => sources.current.nameOf(data.memberId);
  return {
    onDragStart: ({ active }) => {
      const data = dataOf(active);
      return data ? `${name(data)} aufgenommen.` : undefined;
    },
    onDragMove: ({ active }) => {
      const data = dataOf(active);
      const target = keyboardTarget.current;
      if (!data || !target) return undefined;
      return `${name(data)}: ${sources.current.describeCell(target.day, target.slot, sources.current.lengthOf(data.memberId))}`;
    },
    onDragOver: ({ active, over }) => {
      const data = dataOf(active);
      if (!data || keyboardTarget.current) return undefined;
      return over?.id === UNPLACE_ID ? `${name(data)}: Stunde entfernen.` : undefined;
    },
    onDragEnd: ({ active }) => {
      const data = dataOf(active);
      const outcome = lastOutcome.current;
      lastOutcome.current = null;
      if (!data || outcome === 'asking') return undefined;
      return outcome === 'placed' || outcome === 'unchanged' || outcome === 'removed'
        ? PLANNER_TEXTS.dropped(name(data))
        : PLANNER_TEXTS.notDropped(name(data));
    },
    onDragCancel: ({ active }) => {
      const data = dataOf(active);
      return data ? `Verschieben von ${name(data)} abgebrochen.` : undefined;
    },
  };
}
