import { useMemo } from 'react';
import type { LessonView } from '../components/LessonBlock';
import { gapMinutes, inPreferred, preferredWeek, twoWeekPlan } from '../model/plan-summary';
import type { PlannerMember, TimeSource } from '../model/types';
import type { PlanState } from './use-plan-state';

export interface PlanMarks {
  /** Lessons lying entirely in the student's preferred times. */
  preferred: ReadonlySet<string>;
  /** Lessons the last calculation moved away from the saved plan. */
  moved: ReadonlySet<string>;
  placed: number;
  preferredPlaced: number;
  /** null: no comparison with a saved plan was made. */
  movedCount: number | null;
  /** Any member has preferred times (or the calculation counted some): the count is worth showing. */
  showPreferred: boolean;
  /** The teacher's idle minutes between lessons (of both weeks in a two-week plan). */
  gapMinutes: number;
  twoWeeks: boolean;
}

/**
 * Star and 'verschoben' marks of the plan: right after a calculation from its summary, after manual
 * edits computed here from the members' preferred times of the chosen time source.
 */
export function usePlanMarks(members: readonly PlannerMember[], prefs: Readonly<Record<string, TimeSource>>, state: PlanState): PlanMarks {
  const { plan, summary, summaryFresh, moved } = state;
  return useMemo(() => {
    const byId = new Map(members.map((m) => [m.member_id, m]));
    const lessons = plan.placements.filter((p) => byId.has(p.memberId));
    let preferred: Set<string>;
    if (summary && summaryFresh) preferred = new Set(summary.preferredIds);
    else {
      preferred = new Set();
      for (const p of lessons) {
        const member = byId.get(p.memberId)!;
        if (inPreferred(p, preferredWeek(member, prefs[p.memberId] ?? 'available_times'))) preferred.add(p.memberId);
      }
    }
    const anyPreferences = members.some((m) => !preferredWeek(m, prefs[m.member_id] ?? 'available_times').isEmpty());
    return {
      preferred,
      moved: new Set(moved ?? []),
      placed: summary && summaryFresh ? summary.placed : lessons.length,
      preferredPlaced: summary && summaryFresh ? summary.preferredPlaced : preferred.size,
      movedCount: moved ? moved.length : null,
      showPreferred: anyPreferences || (summaryFresh && (summary?.preferredPlaced ?? 0) > 0),
      gapMinutes: gapMinutes(lessons),
      twoWeeks: twoWeekPlan(lessons),
    };
  }, [members, prefs, plan, summary, summaryFresh, moved]);
}

/** The lessons with their marks. */
export function markLessons(lessons: readonly LessonView[], marks: PlanMarks): LessonView[] {
  return lessons.map((l) => (l.kind === 'lesson' ? { ...l, preferred: marks.preferred.has(l.memberId), moved: marks.moved.has(l.memberId) } : l));
}
