import { AppError, isAppError, isUuid, type SessionUser } from '@stundenplan/base';
import { addDays, berlinToday, weekdayOf } from '@stundenplan/timegrid';
import type { MakeupRow } from '../data/makeup-repository.js';
import { seriesOf } from './dated-lesson.js';
import type { NotificationDeps } from './deps.js';
import { classDated, clockOf, MAKEUP_MSG, makeupStatus } from './makeups.js';

/**
 * The times a make-up may take (docs/product/semester.md): the solver's windows of the student (SuggestMakeup) on
 * the days this service knows are free of holidays, breaks and the teacher's other lessons.
 */

const slotOf = (clock: string): number => (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))) / 15;
/** Suggestions answered unless the caller asks for more ('Weitere Zeiten'); the booking checks against every valid time. */
const SUGGESTIONS = 3;
export const SUGGESTIONS_LIMIT_MSG = 'Die Anzahl der Vorschläge (limit) muss eine ganze Zahl von 1 bis 12 sein.';

/** The make-up, if the caller is its teacher or its student; anyone else 404 (no existence oracle). */
export async function accessMakeup(deps: NotificationDeps, user: SessionUser, makeupId: string): Promise<MakeupRow> {
  if (!isUuid(makeupId)) throw AppError.badRequest(MAKEUP_MSG.makeupId);
  const row = await deps.makeups.makeup(makeupId.toLowerCase());
  if (!row) throw AppError.notFound(MAKEUP_MSG.makeupNotFound);
  if (user.role === 'teacher' && row.teacherId === user.userId) return row;
  if (user.role === 'student' && (await deps.classes.memberships(user.userId)).some((m) => m.classId === row.classId && m.memberId === row.memberId))
    return row;
  throw AppError.notFound(MAKEUP_MSG.makeupNotFound);
}

export function assertOpen(row: MakeupRow, today: string): void {
  const status = makeupStatus(row, today);
  if (status === 'booked') throw AppError.conflict(MAKEUP_MSG.booked);
  if (status === 'expired') throw AppError.conflict(MAKEUP_MSG.expired);
}

/**
 * The days the make-up may take place on (from tomorrow, after the cancelled date, up to its last day; semester
 * days without holiday or break) with every other lesson of the teacher on them, in any of their classes.
 */
export async function makeupDays(deps: NotificationDeps, row: MakeupRow, today: string, only?: string) {
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([row.classId]), deps.classes.semesters([row.classId])]);
  const s = sent.get(row.classId);
  if (!s) return [];
  const series = seriesOf(s, semesters.get(row.classId));
  const off = new Set<string>((series.holidays ?? []).map((h) => h.date));
  for (const br of series.breaks ?? []) for (let d = br.from; d <= br.to; d = addDays(d, 1)) off.add(d);
  let from = [addDays(row.cancelledDate, 1), addDays(today, 1), series.from].sort().at(-1)!;
  let until = [row.expiresOn, series.until].sort()[0]!;
  if (only) {
    if (only < from || only > until) return [];
    from = until = only;
  }
  const dates: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) if (!off.has(d)) dates.push(d);
  if (!dates.length) return [];

  // Every lesson of the teacher on those dates: each class they sent a plan of, with its changes.
  const classIds = await deps.makeups.classesOfTeacher(row.teacherId);
  const [allSent, allSemesters] = await Promise.all([deps.sendings.latestLessons(classIds), deps.classes.semesters(classIds)]);
  const wanted = new Set(dates);
  const busy = new Map<string, { start: number; end: number }[]>();
  for (const classId of classIds) {
    const cs = allSent.get(classId);
    if (!cs) continue;
    for (const l of await classDated(deps, classId, cs, allSemesters.get(classId))) {
      if (!wanted.has(l.date) || (l.status !== 'planned' && l.status !== 'swapped' && l.status !== 'makeup')) continue;
      const list = busy.get(l.date) ?? [];
      list.push({ start: slotOf(l.start), end: slotOf(l.end) });
      busy.set(l.date, list);
    }
  }
  return dates.map((date) => ({ date, weekday: weekdayOf(date), busy: busy.get(date) ?? [] }));
}

export async function solverCandidates(deps: NotificationDeps, row: MakeupRow, days: Awaited<ReturnType<typeof makeupDays>>, limit: number) {
  if (!days.length) return [];
  return deps.scheduling.suggestMakeup({ classId: row.classId, teacherId: row.teacherId, memberId: row.memberId, days, limit }).catch((e: unknown) => {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) throw AppError.notFound(MAKEUP_MSG.makeupNotFound);
    throw new AppError('UNAVAILABLE', MAKEUP_MSG.solverUnavailable, { cause: e });
  });
}

export async function makeupSuggestions(deps: NotificationDeps, user: SessionUser, makeupId: string, limit = SUGGESTIONS, now: Date = new Date()) {
  const row = await accessMakeup(deps, user, makeupId);
  const today = berlinToday(now);
  assertOpen(row, today);
  const found = await solverCandidates(deps, row, await makeupDays(deps, row, today), limit);
  return { suggestions: found.map((c) => ({ date: c.date, start: clockOf(c.start), end: clockOf(c.end), idle_added_minutes: c.idleAddedMinutes })) };
}
