import { AppError } from '@stundenplan/base';
import { TIMES_ERRORS, TimegridError, WeekSlots } from '@stundenplan/timegrid';

/**
 * Reads a times map of the SPEC's shape strictly: anything malformed (day keys other than "0".."6",
 * labels off the quarter-hour grid, more than 96 labels a day, non-objects) is a 400 with the
 * German detail of packages/timegrid. Nothing is ever stored from input that fails here.
 */
export function parseTimes(input: unknown): WeekSlots {
  try {
    return WeekSlots.fromTimesMap(input, { strict: true });
  } catch (e) {
    if (e instanceof TimegridError) throw AppError.badRequest(e.message);
    throw e;
  }
}

/** The German detail parseTimes answers for `input` (a times map the request contract refused). */
export function timesRefusal(input: unknown): string {
  try {
    WeekSlots.fromTimesMap(input, { strict: true });
  } catch (e) {
    if (e instanceof TimegridError) return e.message;
  }
  return TIMES_ERRORS.notAnObject;
}
