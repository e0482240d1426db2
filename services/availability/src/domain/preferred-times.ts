import { AppError } from '@stundenplan/base';
import type { WeekSlots } from '@stundenplan/timegrid';
import { parseTimes } from './parse-times.js';

/** 400 details when preferred slots lie outside the available ones (student: du; teacher: neutral). */
export const PREFERRED_OUTSIDE_OWN = 'Bevorzugte Zeiten müssen innerhalb deiner verfügbaren Zeiten liegen.';
export const PREFERRED_OUTSIDE_MEMBER = 'Bevorzugte Zeiten müssen innerhalb der verfügbaren Zeiten liegen.';

/**
 * The preferred times (Wunschzeiten) to store beside `times`: the input read strictly and checked
 * to lie inside `times`; without input the stored ones, cut to the new times.
 */
export function resolvePreferred(input: unknown, times: WeekSlots, stored: WeekSlots, outsideText: string): WeekSlots {
  if (input === undefined) return stored.intersect(times);
  const preferred = parseTimes(input ?? {});
  if (!preferred.intersect(times).equals(preferred)) throw AppError.badRequest(outsideText);
  return preferred;
}
