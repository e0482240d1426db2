/** The calculation answer's `summary` (preferred times and stable re-planning) and what the planner derives from it. */
import { WeekSlots } from '@stundenplan/timegrid';
import { TEACHER_SOURCE } from './preferences';
import type { Placement, PlanContent, PlannerMember, TimeSource } from './types';

export interface CalcSummary {
  placed: number;
  /** Lessons lying entirely inside the student's preferred times. */
  preferredPlaced: number;
  /** Students not at their lesson of the previous schedule (0 without one). */
  moved: number;
  preferredIds: string[];
  /** null: the answer did not say who moved (the planner then compares with the loaded plan). */
  movedIds: string[] | null;
}

/** The preferred times of the member's chosen time source (teacher-entered or the student's own). */
export function preferredWeek(member: PlannerMember, source: TimeSource): WeekSlots {
  const times = source === TEACHER_SOURCE ? member.preferred_times : member.preferred_times_user_input;
  return WeekSlots.fromTimesMap(times ?? {}, { strict: false });
}

/** True when every slot of the lesson lies in the preferred times. */
export function inPreferred(placement: Placement, preferred: WeekSlots | undefined): boolean {
  if (!preferred || preferred.isEmpty()) return false;
  for (let slot = placement.start; slot < placement.end; slot++) if (!preferred.has(placement.day, slot)) return false;
  return true;
}

/** Members whose lesson differs between the two plans (moved, or no longer placed). */
export function movedMembers(before: PlanContent, after: PlanContent): string[] {
  const next = new Map(after.placements.map((p) => [p.memberId, p]));
  return before.placements
    .filter((p) => {
      const q = next.get(p.memberId);
      return !q || q.day !== p.day || q.start !== p.start || q.end !== p.end;
    })
    .map((p) => p.memberId);
}
