// A student's available and preferred times as the grids edit them. Not part of the first load: the time grid
// comes with the pages that show times (and with the own times' answer, shared/data/student-times.ts).
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

export interface WeekTimes {
  available: WeekSlots;
  preferred: WeekSlots;
}

/** Times from the answer's maps; a preferred slot outside the available ones is dropped. */
export function timesOf(available: TimesMap | null | undefined, preferred?: TimesMap | null): WeekTimes {
  const avail = WeekSlots.fromTimesMap(available ?? {}, { strict: false });
  return { available: avail, preferred: WeekSlots.fromTimesMap(preferred ?? {}, { strict: false }).intersect(avail) };
}
