import type { WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useState } from 'react';
import { toast } from '../../../../shared/toast';
import { evaluateDrop } from '../model/placements';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlanContent, Placement } from '../model/types';

/** What a drop did: placed (or left where it was), refused with a toast, or asking the override dialog first. */
export type DropOutcome = 'placed' | 'unchanged' | 'refused' | 'asking';

export interface PendingOverride {
  memberId: string;
  day: number;
  start: number;
  length: number;
}

interface Options {
  plan: PlanContent;
  known: (memberId: string) => boolean;
  placementOf: (memberId: string) => Placement | undefined;
  lengthOf: (memberId: string) => number;
  weekOf: (memberId: string) => WeekSlots;
  nameOf: (memberId: string) => string;
  place: (memberId: string, day: number, start: number, length: number) => void;
}

/**
 * Dropping a student or lesson on a cell (pointer, keyboard or tap): the availability check, the override
 * dialog, and what screen readers hear once the dialog is answered ('{name} abgelegt.' only when it was).
 */
export function useDropFlow({ plan, known, placementOf, lengthOf, weekOf, nameOf, place }: Options) {
  const [override, setOverride] = useState<PendingOverride | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const drop = useCallback(
    (memberId: string, day: number, start: number): DropOutcome => {
      if (!known(memberId)) return 'refused';
      const length = lengthOf(memberId);
      const current = placementOf(memberId);
      if (current && current.day === day && current.start === start) return 'unchanged';
      const verdict = evaluateDrop(plan, memberId, day, start, length, weekOf(memberId));
      if (verdict.kind === 'outside') toast.error(PLANNER_TEXTS.outsideDay);
      else if (verdict.kind === 'occupied') toast.error(PLANNER_TEXTS.occupied(nameOf(verdict.by)));
      else if (!verdict.available) {
        setOverride({ memberId, day, start, length });
        return 'asking';
      } else {
        place(memberId, day, start, length);
        return 'placed';
      }
      return 'refused';
    },
    [plan, known, placementOf, lengthOf, weekOf, nameOf, place],
  );

  const cancelOverride = () => {
    if (override) setAnnouncement(PLANNER_TEXTS.notDropped(nameOf(override.memberId)));
    setOverride(null);
  };
  const confirmOverride = () => {
    if (override) {
      place(override.memberId, override.day, override.start, override.length);
      setAnnouncement(PLANNER_TEXTS.dropped(nameOf(override.memberId)));
    }
    setOverride(null);
  };

  return { drop, override, cancelOverride, confirmOverride, announcement };
}
