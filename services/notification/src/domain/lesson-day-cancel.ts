import { AppError, isAppError, isUuid, type SessionUser } from '@stundenplan/base';
import { berlinToday, isDeadlineDate } from '@stundenplan/timegrid';
import { berlinToUtc } from './calendar-ics.js';
import type { NotificationDeps } from './deps.js';
import { cancelLesson } from './makeup-cancellation.js';
import { de } from './dated-lesson.js';
import { classDated, MAKEUP_MSG } from './makeups.js';

/**
 * The teacher cancels a whole day ("Ich bin krank", docs/product/semester.md): every lesson of that day that is
 * still ahead, in one class or in all their classes. Each lesson goes through the same step as cancelling one
 * (`cancelLesson`): a make-up for every student hit and a mail to each. A lesson cancelled meanwhile is counted as
 * skipped; the others stay cancelled when a later one fails (sending the day again cancels the rest).
 */

const REASON_MAX = 500;

const DAY_MSG = {
  pastDay: 'Dieser Tag liegt in der Vergangenheit. Absagen kannst du nur Termine, die noch bevorstehen.',
  nothingLeft: (date: string) => `Am ${de(date)} hast du keinen Unterricht mehr, der noch abgesagt werden kann.`,
  cancelled: (date: string, names: string[], skipped: number) =>
    [
      names.length === 1
        ? `Am ${de(date)} ist 1 Termin abgesagt (${names[0]}).`
        : `Am ${de(date)} sind ${names.length} Termine abgesagt (${names.join(', ')}).`,
      names.length === 1 ? 'Die Person bekommt eine E-Mail und kann den Termin nachholen.' : 'Alle bekommen eine E-Mail und können den Termin nachholen.',
      skipped === 0
        ? ''
        : skipped === 1
          ? '1 Termin war schon abgesagt oder hatte schon begonnen.'
          : `${skipped} Termine waren schon abgesagt oder hatten schon begonnen.`,
    ]
      .filter(Boolean)
      .join(' '),
} as const;

export interface CancelDayBody {
  date: string;
  class_id?: string | null | undefined;
  reason?: string | null | undefined;
}

export interface DayCancelled {
  class_id: string;
  class_name: string;
  member_id: string;
  name: string;
  date: string;
  start: string;
  end: string;
  makeup_id: string;
}

/** `b`: the body as the contract gives it (packages/contracts lessons.cancelDay). */
export async function cancelDay(deps: NotificationDeps, user: SessionUser, b: CancelDayBody, now: Date = new Date()) {
  if (!isDeadlineDate(b.date)) throw AppError.badRequest(MAKEUP_MSG.date);
  if (b.class_id != null && !isUuid(b.class_id)) throw AppError.badRequest(MAKEUP_MSG.classId);
  if (b.reason && b.reason.trim().length > REASON_MAX) throw AppError.badRequest(MAKEUP_MSG.reason);
  const date = b.date;
  if (date < berlinToday(now)) throw AppError.conflict(DAY_MSG.pastDay);

  const teacherId = user.userId;
  const classIds = b.class_id ? [b.class_id.toLowerCase()] : await deps.makeups.classesOfTeacher(teacherId);
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons(classIds), deps.classes.semesters(classIds)]);

  // The day's lessons of the teacher's current members, class by class (a class of another teacher: 404 when
  // named, left out when it only comes from the teacher's old sendings).
  const due: DayCancelled[] = [];
  let skipped = 0;
  for (const classId of classIds) {
    let cls, members;
    try {
      [cls, members] = await Promise.all([deps.classes.getClass(classId, teacherId), deps.classes.listMembers(classId, teacherId)]);
    } catch (e) {
      if (!b.class_id && isAppError(e) && e.code === 'NOT_FOUND') continue;
      throw e;
    }
    const s = sent.get(classId);
    if (!s) continue;
    const names = new Map(members.map((m) => [m.memberId, m.name]));
    const day = (await classDated(deps, classId, s, semesters.get(classId))).filter((l) => l.date === date && names.has(l.member_id));
    for (const l of day) {
      if (l.status !== 'planned' && l.status !== 'swapped' && l.status !== 'cancelled') continue;
      const begun = berlinToUtc(date, Number(l.start.slice(0, 2)), Number(l.start.slice(3, 5)), 0).getTime() <= now.getTime();
      if (l.status === 'cancelled' || begun) skipped++;
      else
        due.push({
          class_id: classId,
          class_name: cls.name,
          member_id: l.member_id,
          name: names.get(l.member_id) ?? '',
          date,
          start: l.start,
          end: l.end,
          makeup_id: '',
        });
    }
  }
  if (!due.length) throw AppError.notFound(DAY_MSG.nothingLeft(date));
  due.sort((x, y) => x.class_name.localeCompare(y.class_name, 'de') || x.start.localeCompare(y.start) || x.name.localeCompare(y.name, 'de'));

  const cancelled: DayCancelled[] = [];
  for (const l of due) {
    try {
      const r = await cancelLesson(deps, user, { class_id: l.class_id, member_id: l.member_id, date, reason: b.reason ?? null }, now);
      cancelled.push({ ...l, makeup_id: r.makeup_id ?? '' });
    } catch (e) {
      // Cancelled meanwhile (by the student, or a second tap): counted, not an error.
      if (isAppError(e) && e.code === 'CONFLICT' && e.detail === MAKEUP_MSG.alreadyCancelled) skipped++;
      else throw e;
    }
  }
  if (!cancelled.length) throw AppError.notFound(DAY_MSG.nothingLeft(date));
  deps.log.info({ teacherId, date, cancelled: cancelled.length, skipped }, 'day cancelled');
  return {
    status: 'cancelled' as const,
    cancelled,
    skipped,
    message: DAY_MSG.cancelled(
      date,
      cancelled.map((l) => l.name),
      skipped,
    ),
  };
}
