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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const ids = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);

/** `summary: {placed, preferred_placed, moved, preferred_member_ids, moved_member_ids, ...}` or null. */
export function parseSummary(answer: unknown): CalcSummary | null {
  const s = isRecord(answer) ? answer.summary : undefined;
  if (!isRecord(s)) return null;
  const placed = count(s.placed);
  const preferredPlaced = count(s.preferred_placed);
  if (placed === null || preferredPlaced === null) return null;
  const movedIds = ids(s.moved_member_ids);
  return { placed, preferredPlaced, moved: count(s.moved) ?? movedIds?.length ?? 0, preferredIds: ids(s.preferred_member_ids) ?? [], movedIds };
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
