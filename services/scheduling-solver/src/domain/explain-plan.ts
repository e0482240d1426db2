/** The engine's plan told in the answer's terms: placements, who was left out and why, stats and summary. */
import { AppError } from '@stundenplan/base';
import { labelToSlot, SLOTS_PER_DAY, slotToClock } from '@stundenplan/timegrid';
import { CALC_TEXTS, type StudentNote } from './calculation-texts.js';
import type { ChosenTimes, Roster } from './calculation-problem.js';
import { planSummary, type PlanSummary } from './plan-summary.js';
import type { LessonRoom } from './rooms.js';
import type { EngineFix, SolvePlan } from './solver-port.js';
import { timetableFrom, toPlacementViews, type PlacementView, type WorkingTimetable } from './timetable.js';

export interface ExplainedPlan {
  timetable: WorkingTimetable;
  placements: PlacementView[];
  placed: number;
  unscheduled: StudentNote[];
  skipped: StudentNote[];
  stats: Record<string, unknown>;
  summary: PlanSummary;
  /** More students unplaced than the wiggle room allows, or the engine found no plan. */
  infeasible: boolean;
}

/** `rooms` (a class with a school only): each placement then carries its `room`; without it no `room` key. */
export function explainPlan(
  plan: SolvePlan,
  roster: Roster,
  chosen: ReadonlyMap<string, ChosenTimes>,
  wiggleRoom: number,
  elapsedMs: number,
  rooms?: ReadonlyMap<string, LessonRoom>,
): ExplainedPlan {
  const { byId, info, members } = roster;
  const pinnedIds = new Set(roster.pinned.map((p) => p.member_id));
  const views = toPlacementViews(plan.placements, info, pinnedIds);
  const placements = rooms ? views.map((v) => (rooms.has(v.member_id) ? { ...v, room: rooms.get(v.member_id)! } : v)) : views;
  const placedIds = new Set(placements.map((v) => v.member_id));
  const placed = placedIds.size;
  const incomplete = new Set(plan.fixes_incomplete ?? []);
  const notes = (ids: string[], fallback: (id: string) => string) =>
    [...new Set(ids)]
      .filter((id) => byId.has(id) && !placedIds.has(id))
      .map((id) => ({
        member_id: id,
        name: byId.get(id)!.name,
        reason: plan.reasons?.[id] || fallback(id),
        // An engine without fixes (or a student it did not look at) leaves the kinds undecided.
        fixes: (plan.fixes?.[id] ?? []).map((f) => fixView(f, byId)),
        fixes_complete: plan.fixes?.[id] !== undefined && !incomplete.has(id),
      }));
  const noTimes = (id: string) => chosen.get(id)?.week.isEmpty() ?? true;
  // A student who entered no times at all is told so (the engine only knows "no common time").
  const skipped = notes(plan.skipped_students ?? [], (id) =>
    noTimes(id) ? CALC_TEXTS.reasonNoTimes : CALC_TEXTS.reasonNoCommonWindow(info.get(id)!.duration),
  ).map((s) => (noTimes(s.member_id) ? { ...s, reason: CALC_TEXTS.reasonNoTimes } : s));
  const skippedIds = new Set(skipped.map((s) => s.member_id));
  // Every active student the engine did not place counts, even if it forgot to list one.
  const unscheduledIds = [...(plan.unscheduled_students ?? []), ...members.map((m) => m.memberId).filter((id) => !placedIds.has(id) && !skippedIds.has(id))];
  const unscheduled = notes(unscheduledIds, () => CALC_TEXTS.reasonTaken).filter((s) => !skippedIds.has(s.member_id));
  const stats = {
    ...(plan.stats ?? {}),
    students: members.length,
    placed,
    unscheduled: unscheduled.length,
    skipped: skipped.length,
    wiggle_room: wiggleRoom,
    pinned: roster.pinned.length,
    duration_ms: Math.round(elapsedMs),
  };
  return {
    timetable: timetableFrom(placements),
    placements,
    placed,
    unscheduled,
    skipped,
    stats,
    summary: planSummary(plan, placed, byId),
    infeasible: plan.status === 'INFEASIBLE' || unscheduled.length > wiggleRoom,
  };
}

type Fix = NonNullable<StudentNote['fixes']>[number];

/** "9.00" -> "09:00" (as `start_time` of the placements); "24.00" -> "24:00". */
function clock(label: string): string {
  return slotToClock(label === '24.00' ? SLOTS_PER_DAY : labelToSlot(label));
}

/** An engine fix in the answer's terms: times "HH:MM", the other student's name from the roster. */
function fixView(f: EngineFix, byId: Roster['byId']): Fix {
  switch (f.kind) {
    case 'teacher_time':
    case 'student_time':
      return { kind: f.kind, day: f.day, start: clock(f.start), end: clock(f.end) };
    case 'move_other':
      return {
        kind: f.kind,
        member_id: f.member_id,
        name: byId.get(f.member_id)?.name ?? f.name,
        to: { day: f.to.day, start: clock(f.to.start), week: f.to.week },
      };
    case 'shorter':
      return { kind: f.kind, duration: f.duration };
  }
}

/** The 400 of a plan that leaves too many students out; it carries the best plan found. */
export class InfeasibleError extends AppError {}

export function infeasible(explained: ExplainedPlan, name: string): InfeasibleError {
  const { timetable, placements, stats, summary } = explained;
  return new InfeasibleError('BAD_REQUEST', {
    error_type: 'INFEASIBLE',
    message: CALC_TEXTS.infeasible,
    skipped_students: explained.skipped,
    unscheduled_students: explained.unscheduled,
    best_plan: { timetable, placements, stats, summary, name },
  });
}
