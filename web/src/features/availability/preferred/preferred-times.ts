// Available and preferred times (Wunschzeiten) edited together. The server refuses preferred slots
// outside the available ones, so every edit here keeps preferred inside available: painting a
// preferred slot also makes it available, removing an available slot also removes its preference.
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import { timesOf, type WeekTimes } from '../../../shared/data/week-times';

export { timesOf, type WeekTimes };

/** Which layer a stroke in the grid paints. */
export type PaintMode = 'available' | 'preferred';

export const EMPTY_TIMES: WeekTimes = Object.freeze({ available: WeekSlots.empty(), preferred: WeekSlots.empty() });

export function sameTimes(a: WeekTimes, b: WeekTimes): boolean {
  return a.available.equals(b.available) && a.preferred.equals(b.preferred);
}

/** New available times: preferences on slots that are no longer available are dropped. */
export function withAvailable(times: WeekTimes, available: WeekSlots): WeekTimes {
  return { available, preferred: times.preferred.intersect(available) };
}

/** New preferred times: a preferred slot that was not available becomes available. */
export function withPreferred(times: WeekTimes, preferred: WeekSlots): WeekTimes {
  return { available: times.available.union(preferred), preferred };
}

/** The body fields of PUT me/available-times and of a member update. */
export function timesBody(times: WeekTimes): { available_times: TimesMap; preferred_times: TimesMap } {
  return { available_times: times.available.toTimesMap(), preferred_times: times.preferred.intersect(times.available).toTimesMap() };
}
