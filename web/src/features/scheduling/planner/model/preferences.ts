/** docs/product/data.md "Time preferences" and docs/product/planning.md "Step 4 derives each student's time preference". */
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import type { PlannerMember, TimeSource } from './types';

export const TEACHER_SOURCE: TimeSource = 'available_times';
export const STUDENT_SOURCE: TimeSource = 'available_times_user_input';

export function isEmptyTimes(times: TimesMap | null | undefined): boolean {
  return !times || Object.values(times).every((list) => !Array.isArray(list) || list.length === 0);
}

/** The student's own times when registered with non-empty own times, else the teacher-entered ones (L). */
export function defaultPreference(member: PlannerMember): TimeSource {
  return member.user_id && !isEmptyTimes(member.available_times_user_input) ? STUDENT_SOURCE : TEACHER_SOURCE;
}

/** Both sources hold times: the panel shows the L / S toggles. */
export function hasTwoSources(member: PlannerMember): boolean {
  return !isEmptyTimes(member.available_times) && !isEmptyTimes(member.available_times_user_input);
}

/** The preference of every member: an explicit choice where it still applies, else the default. */
export function effectivePreferences(members: readonly PlannerMember[], chosen: Readonly<Record<string, TimeSource>>): Record<string, TimeSource> {
  const out: Record<string, TimeSource> = {};
  for (const m of members) {
    const pick = chosen[m.member_id];
    out[m.member_id] = pick && hasTwoSources(m) ? pick : defaultPreference(m);
  }
  return out;
}

/** The member's chosen times as a week (malformed labels are ignored). */
export function chosenWeek(member: PlannerMember, source: TimeSource): WeekSlots {
  return WeekSlots.fromTimesMap(member[source] ?? {}, { strict: false });
}
