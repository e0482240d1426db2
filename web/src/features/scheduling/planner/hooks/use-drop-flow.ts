import type { LessonWeek, WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useState } from 'react';
import { toast } from '../../../../shared/toast';
import { dropWeek, evaluateDrop } from '../model/placements';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlanContent, Placement } from '../model/types';

/** What a drop did: placed (or left where it was), refused with a toast, or asking the override dialog first. */
export type DropOutcome = 'placed' | 'unchanged' | 'refused' | 'asking';

export interface PendingOverride {
  memberId: string;
  day: number;
  start: number;
  length: number;
  week: LessonWeek | null;
}

interface Options {
  plan: PlanContent;
  known: (memberId: string) => boolean;
  placementOf: (memberId: string) => Placement | undefined;
  lengthOf: (memberId: string) => number;
  weekOf: (memberId: string) => WeekSlots;
  nameOf: (memberId: string) => string;
  /** True for a student with a lesson every other week (their lesson has an A or B week). */
  biweekly: (memberId: string) => boolean;
  place: (memberId: string, day: number, start: number, length: number, week: LessonWeek | null) => void;
  setWeek: (memberId: string, week: LessonWeek) => void;
}

/**
 * Dropping a student or lesson on a cell (pointer, keyboard or tap): the availability check, the override
 * dialog, and what screen readers hear once the dialog is answered ('{name} abgelegt.' only when it was).
 */
export function useDropFlow({ plan, known, placementOf, lengthOf, weekOf, nameOf, biweekly, place, setWeek }: Options) {
  const [override, setOverride] = useState<PendingOverride | null>(null);
  const [announcement, setAnnouncement] = useState('');

  /** The week the member's lesson has after a drop at `day`/`start`: null for weekly students; a moved lesson keeps its week. */
  const weekFor = useCallback(
    (memberId: string, day: number, start: number): LessonWeek | null =>
      biweekly(memberId) ? dropWeek(plan, memberId, placementOf(memberId)?.week, day, start, lengthOf(memberId)) : null,
    [plan, biweekly, placementOf, lengthOf],
  );

  const drop = useCallback(
    (memberId: string, day: number, start: number): DropOutcome => {
      if (!known(memberId)) return 'refused';
      const length = lengthOf(memberId);
      const current = placementOf(memberId);
      if (current && current.day === day && current.start === start) return 'unchanged';
      const week = weekFor(memberId, day, start);
      const verdict = evaluateDrop(plan, memberId, day, start, length, weekOf(memberId), week);
      if (verdict.kind === 'outside') toast.error(PLANNER_TEXTS.outsideDay);
      else if (verdict.kind === 'occupied') toast.error(PLANNER_TEXTS.occupied(nameOf(verdict.by)));
      else if (!verdict.available) {
        setOverride({ memberId, day, start, length, week });
        return 'asking';
      } else {
        place(memberId, day, start, length, week);
        return 'placed';
      }
      return 'refused';
    },
    [plan, known, placementOf, lengthOf, weekOf, nameOf, place, weekFor],
  );

  /** A biweekly lesson into the other week, when that week is free at its time. */
  const switchWeek = useCallback(
    (memberId: string) => {
      const p = placementOf(memberId);
      if (!p?.week) return;
      const other: LessonWeek = p.week === 'A' ? 'B' : 'A';
      const verdict = evaluateDrop(plan, memberId, p.day, p.start, p.end - p.start, weekOf(memberId), other);
      if (verdict.kind === 'occupied') toast.error(PLANNER_TEXTS.occupied(nameOf(verdict.by)));
      else setWeek(memberId, other);
    },
    [plan, placementOf, weekOf, nameOf, setWeek],
  );

  /** Says `text` in the planner's status region (again, when it is the same text as before). */
  const announce = useCallback((text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u00a0` : text)), []);

  const cancelOverride = () => {
    if (override) setAnnouncement(PLANNER_TEXTS.notDropped(nameOf(override.memberId)));
    setOverride(null);
  };
  const confirmOverride = () => {
    if (override) {
      place(override.memberId, override.day, override.start, override.length, override.week);
      setAnnouncement(PLANNER_TEXTS.dropped(nameOf(override.memberId)));
    }
    setOverride(null);
  };

  return { drop, weekFor, switchWeek, override, cancelOverride, confirmOverride, announcement, announce };
}
