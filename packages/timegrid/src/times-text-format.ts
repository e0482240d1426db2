/**
 * Formats a week as available-times free text that `parseTimesText` reads back to the same week:
 * "Mo 9-12, 14:00-16:30; Mi 10-24". One group per day with slots ("; " between days, ", " between
 * runs). A run on whole hours is written "9-12"; otherwise both ends as "H:MM"; the day end is "24".
 */
import { DAY_SHORT } from './day-names.js';
import type { TimesMap } from './times-map.js';
import { WeekSlots, type SlotRun } from './week-slots.js';

function clock(slot: number): string {
  return `${Math.floor(slot / 4)}:${String((slot % 4) * 15).padStart(2, '0')}`;
}

function formatRun(run: SlotRun): string {
  if (run.start % 4 === 0 && run.end % 4 === 0) return `${run.start / 4}-${run.end / 4}`;
  return `${clock(run.start)}-${clock(run.end)}`;
}

/** Week (or SPEC times map, validated strictly) -> free text; "" for an empty week. */
export function formatTimesText(times: WeekSlots | TimesMap): string {
  const week = times instanceof WeekSlots ? times : WeekSlots.fromTimesMap(times);
  return week
    .daysWithSlots()
    .map((day) => `${DAY_SHORT[day]} ${week.runs(day).map(formatRun).join(', ')}`)
    .join('; ');
}
