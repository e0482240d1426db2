// POST /api/me/calendar-import (docs/product/times.md "Aus Kalender übernehmen"): the busy quarter hours of a typical
// week of the user's own calendar, from an uploaded .ics file or a link. Nothing is stored, and the event names
// only travel back in the answer (never logged).
import { AppError, type SessionUser } from '@stundenplan/base';
import { addDays, berlinToday } from '@stundenplan/timegrid';
import { CalendarImportsBusyError, CalendarTooComplexError, NotACalendarError } from '../calendar/calendar-errors.js';
import { CALENDAR_MSG } from '../calendar/calendar-texts.js';
import { readCalendar, UnreadableCalendarError } from '../calendar/calendar-worker.js';
import { CalendarFetchError, fetchCalendar, type FetchFailure } from '../calendar/safe-fetch.js';
import type { ImportSpan, TypicalWeek } from '../calendar/typical-week.js';
import type { ClassSemester } from '../clients/classes-client.js';
import type { AvailabilityDeps } from './deps.js';

export const CALENDAR_MAX_BYTES = 2 * 1024 * 1024;
/** Without a semester: the next 8 weeks. */
const DEFAULT_WEEKS = 8;
/** The longest span counted (a semester is at most 400 days). */
const MAX_SPAN_DAYS = 400;

export interface CalendarImportInput {
  file?: Buffer | undefined;
  url?: string | undefined;
  /** Teachers: the class whose semester counts (their own class). */
  classId?: string | undefined;
}

export type CalendarImport = TypicalWeek & { from: string; to: string };

const FETCH_ERRORS: Record<FetchFailure, () => AppError> = {
  badUrl: () => AppError.badRequest(CALENDAR_MSG.badUrl),
  notAllowed: () => AppError.badRequest(CALENDAR_MSG.notAllowed),
  unreachable: () => AppError.badRequest(CALENDAR_MSG.unreachable),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', CALENDAR_MSG.tooLarge),
};

/** The semesters whose weeks count: the student's classes', or the teacher's class's. */
async function semestersFor(deps: AvailabilityDeps, user: SessionUser, classId: string | undefined): Promise<ClassSemester[]> {
  if (user.role === 'teacher') {
    if (!classId) return [];
    await deps.classes.assertTeacherOwnsClass(classId, user.userId);
    return deps.classes.semestersOf([classId]);
  }
  const classes = await deps.classes.classesOfMember(user.userId);
  return deps.classes.semestersOf(classes.map((c) => c.classId));
}

/**
 * The seam of the span: the days of the semesters not yet over (a day counts when some semester holds it
 * outside its breaks and public holidays), or the next 8 weeks when there is none.
 */
function importSpan(semesters: ClassSemester[], today: string): ImportSpan {
  const current = semesters.filter((s) => s.firstDay && s.lastDay && s.lastDay >= today && s.firstDay <= s.lastDay);
  if (!current.length) return { from: today, to: addDays(today, DEFAULT_WEEKS * 7 - 1) };
  const from = current.map((s) => s.firstDay).sort()[0]!;
  let to = current
    .map((s) => s.lastDay)
    .sort()
    .at(-1)!;
  if (to > addDays(from, MAX_SPAN_DAYS - 1)) to = addDays(from, MAX_SPAN_DAYS - 1);
  const skip = new Set<string>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const counts = current.some((s) => s.firstDay <= d && d <= s.lastDay && !s.holidays.includes(d) && !s.breaks.some((b) => b.from <= d && d <= b.to));
    if (!counts) skip.add(d);
  }
  return { from, to, skip };
}

async function calendarText(deps: AvailabilityDeps, input: CalendarImportInput): Promise<string> {
  if (input.file) {
    if (input.file.length > CALENDAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', CALENDAR_MSG.fileTooLarge);
    return input.file.toString('utf8');
  }
  if (!input.url) throw AppError.badRequest(CALENDAR_MSG.noInput);
  try {
    return await fetchCalendar(input.url, deps.calendarFetch);
  } catch (e) {
    if (e instanceof CalendarFetchError) throw FETCH_ERRORS[e.kind]();
    throw e;
  }
}

export async function importCalendar(deps: AvailabilityDeps, user: SessionUser, input: CalendarImportInput): Promise<CalendarImport> {
  const span = importSpan(await semestersFor(deps, user, input.classId), berlinToday());
  const text = await calendarText(deps, input);
  // Read in a worker thread with a time budget (docs/adr/0020-calendar-import-worker.md): the parser (ical.js) never
  // loads in the service's own thread, and no file holds up anybody else's request.
  try {
    return { ...(await readCalendar(text, span)), from: span.from, to: span.to };
  } catch (e) {
    if (e instanceof CalendarTooComplexError) throw AppError.badRequest(CALENDAR_MSG.tooComplex);
    if (e instanceof CalendarImportsBusyError) throw new AppError('TOO_MANY_REQUESTS', CALENDAR_MSG.busy);
    // Logged by the error's name only, never with the file's content.
    if (e instanceof UnreadableCalendarError) deps.log.warn({ error: e.message }, 'calendar import: unreadable calendar');
    else if (!(e instanceof NotACalendarError)) throw e;
    throw AppError.badRequest(CALENDAR_MSG.notCalendar);
  }
}
