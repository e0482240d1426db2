/** The calculation answer's `summary` (preferred times and stable re-planning) and what the planner derives from it. */
import { DAYS, SLOT_MINUTES, WeekSlots } from '@stundenplan/timegrid';
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

/**
 * The teacher's idle minutes between lessons (as the calculation counts them, docs/product/planning.md
 * "Solver goals"): per day the free quarter hours between the first lesson's start and the last one's end.
 * A plan with a biweekly lesson counts the A and the B week (a weekly lesson is in both) and adds them up.
 */
export function gapMinutes(placements: readonly Placement[]): number {
  const weeks = placements.some((p) => p.week === 'A' || p.week === 'B') ? (['A', 'B'] as const) : ([null] as const);
  let idle = 0;
  for (const week of weeks) {
    for (let day = 0; day < DAYS; day++) {
      const covered = new Set<number>();
      let first = Infinity;
      let last = -Infinity;
      for (const p of placements) {
        if (p.day !== day || (week !== null && p.week && p.week !== week)) continue;
        for (let slot = p.start; slot < p.end; slot++) covered.add(slot);
        first = Math.min(first, p.start);
        last = Math.max(last, p.end);
      }
      if (covered.size > 0) idle += last - first - covered.size;
    }
  }
  return idle * SLOT_MINUTES;
}

/** The plan spans two weeks (A and B): its gap minutes are those of both weeks. */
export function twoWeekPlan(placements: readonly Placement[]): boolean {
  return placements.some((p) => p.week === 'A' || p.week === 'B');
}
