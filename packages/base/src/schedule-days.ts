import type { schedulingV1 } from '@stundenplan/proto';

/** Week of a biweekly lesson's quarter hour; absent = every week. */
export type SavedWeek = 'A' | 'B';

/** One occupied quarter hour of a saved schedule: [slot label, member_id] or, for a biweekly lesson, [slot label, member_id, week]. */
export type SavedScheduleEntry = [label: string, memberId: string] | [label: string, memberId: string, week: SavedWeek];

/** A saved schedule's times (docs/product/data.md): day index "0".."6" -> its occupied quarter hours, sorted by time. */
export type SavedScheduleTimes = Record<string, SavedScheduleEntry[]>;

/** 'A' or 'B' as the week of a saved entry; anything else = every week. */
function savedWeek(v: unknown): SavedWeek | undefined {
  return v === 'A' || v === 'B' ? v : undefined;
}

/** A saved entry, with the week only when there is one. */
export function savedEntry(label: string, memberId: string, week: SavedWeek | null | undefined): SavedScheduleEntry {
  return week ? [label, memberId, week] : [label, memberId];
}

/** Saved times -> the typed GetLatestSchedule field. */
export function savedToScheduleDays(times: SavedScheduleTimes): Record<number, schedulingV1.ScheduleDay> {
  return Object.fromEntries(
    Object.entries(times).map(([day, entries]) => [Number(day), { slots: entries.map(([label, memberId, week]) => ({ label, memberId, week: week ?? '' })) }]),
  );
}

/** The typed GetLatestSchedule field -> saved times. */
export function scheduleDaysToSaved(days: Record<number, schedulingV1.ScheduleDay>): SavedScheduleTimes {
  return Object.fromEntries(Object.entries(days).map(([day, { slots }]) => [day, slots.map((s) => savedEntry(s.label, s.memberId, savedWeek(s.week)))]));
}
