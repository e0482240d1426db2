import type { schedulingV1 } from '@stundenplan/proto';

/** A saved schedule's times (docs/product/data.md): day index "0".."6" -> [slot label, member_id] pairs, sorted by time. */
export type SavedScheduleTimes = Record<string, [label: string, memberId: string][]>;

/** Saved times -> the typed GetLatestSchedule field. */
export function savedToScheduleDays(times: SavedScheduleTimes): Record<number, schedulingV1.ScheduleDay> {
  return Object.fromEntries(Object.entries(times).map(([day, pairs]) => [Number(day), { slots: pairs.map(([label, memberId]) => ({ label, memberId })) }]));
}

/** The typed GetLatestSchedule field -> saved times. */
export function scheduleDaysToSaved(days: Record<number, schedulingV1.ScheduleDay>): SavedScheduleTimes {
  return Object.fromEntries(Object.entries(days).map(([day, { slots }]) => [day, slots.map((s): [string, string] => [s.label, s.memberId])]));
}
