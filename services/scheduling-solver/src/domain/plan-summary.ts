import type { PlanStats, SolvePlan } from './solver-port.js';

/** The calculation answer's stage values (issue "preferred times and stable re-planning"). */
export interface PlanSummary {
  placed: number;
  /** Lessons lying entirely inside the student's preferred times (of the chosen time source). */
  preferred_placed: number;
  idle_minutes: number;
  /** Students of the previous schedule not at their lesson there (0 without previous_schedule_id). */
  moved: number;
  /** Every stage proven optimal within the time budget. */
  proven: boolean;
  /** Members whose lesson lies in their preferred times. */
  preferred_member_ids: string[];
  /** Members moved from (or no longer placed as in) the previous schedule. */
  moved_member_ids: string[];
}

export function planSummary(plan: SolvePlan, placed: number, members: ReadonlyMap<string, unknown>): PlanSummary {
  const stats: Partial<PlanStats> = plan.stats ?? {};
  const known = (ids: string[] | undefined) => (ids ?? []).filter((id) => members.has(id));
  const preferred = known(plan.preferred_students);
  const moved = known(plan.moved_students);
  const flags = [stats.placedProven, stats.preferredProven, stats.idleProven, stats.movedProven];
  return {
    placed,
    preferred_placed: preferred.length,
    idle_minutes: stats.idleMinutes ?? 0,
    moved: moved.length,
    proven: flags.every((f) => f === undefined) ? plan.status === 'OPTIMAL' : flags.every((f) => f === true),
    preferred_member_ids: preferred,
    moved_member_ids: moved,
  };
}
