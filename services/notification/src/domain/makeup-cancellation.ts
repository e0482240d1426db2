import { AppError, isUuid, type SessionUser } from '@stundenplan/base';
import { addDays, berlinToday, isDeadlineDate } from '@stundenplan/timegrid';
import { berlinToUtc } from './calendar-ics.js';
import type { NotificationDeps } from './deps.js';
import { de, type DatedLesson } from './dated-lesson.js';
import { CHANGED_MEANWHILE, recheckLocked, withChanges } from './lesson-changes.js';
import { classBase, mail, MAKEUP_MSG, membership, reserveOne } from './makeups.js';

/** Cancelling one dated lesson (docs/product/semester.md): its teacher, or its student within the notice the rules give. */

const REASON_MAX = 500;

export interface CancelBody {
  class_id: string;
  member_id: string;
  date: string;
  reason?: string | null | undefined;
}

/** `b`: the body as the contract gives it (packages/contracts lessons.cancelLesson); ids, day and length are checked here. */
export async function cancelLesson(deps: NotificationDeps, user: SessionUser, b: CancelBody, now: Date = new Date()) {
  if (!isUuid(b.class_id)) throw AppError.badRequest(MAKEUP_MSG.classId);
  if (!isUuid(b.member_id)) throw AppError.badRequest(MAKEUP_MSG.memberId);
  if (!isDeadlineDate(b.date)) throw AppError.badRequest(MAKEUP_MSG.date);
  if (b.reason && b.reason.trim().length > REASON_MAX) throw AppError.badRequest(MAKEUP_MSG.reason);
  const classId = b.class_id.toLowerCase();
  const memberId = b.member_id.toLowerCase();
  const date = b.date;
  const reason = b.reason?.trim() || null;

  const ctx = await membership(deps, user, classId, memberId);
  const today = berlinToday(now);
  if (date < today) throw AppError.conflict(MAKEUP_MSG.pastDate);
  const noLesson = () => AppError.notFound(ctx.role === 'student' ? MAKEUP_MSG.noLessonOwn(date) : MAKEUP_MSG.noLessonMember(ctx.memberName, date));
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([classId]), deps.classes.semesters([classId])]);
  const s = sent.get(classId);
  if (!s) throw noLesson();
  const base = classBase(s, semesters.get(classId));
  const onDate = (all: DatedLesson[]) => all.filter((l) => l.member_id === memberId && l.date === date);
  const lessons = onDate(await withChanges(deps, classId, base));
  const lesson = lessons.find((l) => l.status === 'planned' || l.status === 'swapped') ?? lessons.find((l) => l.status === 'cancelled');
  if (!lesson) throw noLesson();
  if (lesson.status === 'cancelled') throw AppError.conflict(MAKEUP_MSG.alreadyCancelled);
  const startsAt = berlinToUtc(date, Number(lesson.start.slice(0, 2)), Number(lesson.start.slice(3, 5)), 0);
  if (startsAt.getTime() <= now.getTime()) throw AppError.conflict(MAKEUP_MSG.started);

  const rules = await deps.makeups.rules(classId);
  const hoursBefore = (startsAt.getTime() - now.getTime()) / 3_600_000;
  const due = ctx.role === 'teacher' || hoursBefore >= rules.cancelNoticeHours;
  const expiresOn = addDays(date, rules.makeupWeeks * 7);
  const at = `am ${de(date)} um ${lesson.start} Uhr`;
  const outgoing =
    ctx.role === 'teacher'
      ? mail(
          ctx.memberEmail,
          `Dein Unterricht ${at} fällt aus`,
          [
            ctx.memberName ? `Hallo ${ctx.memberName},` : 'Hallo,',
            '',
            `${ctx.teacherName || 'Deine Lehrkraft'} hat deinen Unterricht „${ctx.className}“ ${at} abgesagt.`,
            ...(reason ? ['', `Grund: ${reason}`] : []),
            '',
            `Du kannst den Termin bis zum ${de(expiresOn)} nachholen: Unter „Meine Kurse“ findest du Vorschläge für einen Nachholtermin.`,
          ],
          ctx.teacherEmail,
        )
      : mail(
          ctx.teacherEmail,
          `Absage: ${ctx.memberName} ${at}`,
          [
            'Hallo,',
            '',
            `${ctx.memberName} hat den Unterricht „${ctx.className}“ ${at} abgesagt.`,
            ...(reason ? ['', `Grund: ${reason}`] : []),
            '',
            due
              ? `Die Absage kam rechtzeitig: Ein Nachholtermin ist bis zum ${de(expiresOn)} möglich.`
              : `Die Absage kam weniger als ${rules.cancelNoticeHours} Stunden vor dem Unterricht: Es gibt keinen Nachholtermin.`,
          ],
          ctx.memberEmail,
        );
  const budget = outgoing ? await reserveOne(deps, ctx.teacherId) : null;
  const saved = await deps.makeups
    .cancel(
      { classId, memberId, teacherId: ctx.teacherId, date, start: lesson.start, end: lesson.end, byRole: ctx.role, reason },
      due ? { expiresOn } : null,
      budget ? outgoing : null,
      // Under the class's lock, the lesson again: cancelled or swapped away meanwhile, nothing is written or mailed.
      recheckLocked(deps, classId, base, (all) => {
        const now = onDate(all).filter((l) => l.start === lesson.start);
        if (now.some((l) => l.status === 'cancelled')) throw AppError.conflict(MAKEUP_MSG.alreadyCancelled);
        if (!now.some((l) => (l.status === 'planned' || l.status === 'swapped') && l.end === lesson.end)) throw AppError.conflict(CHANGED_MEANWHILE);
      }),
    )
    .catch(async (e: unknown) => {
      await budget?.release().catch(() => undefined);
      throw e;
    });
  if (budget) deps.kickOutbox();
  deps.log.info({ classId, memberId, date, by: ctx.role, makeup: Boolean(saved.makeupId) }, 'lesson cancelled');
  const message =
    ctx.role === 'teacher'
      ? MAKEUP_MSG.cancelledByTeacher(ctx.memberName, date, expiresOn)
      : due
        ? MAKEUP_MSG.cancelledInTime(date, expiresOn)
        : MAKEUP_MSG.cancelledLate(date, rules.cancelNoticeHours);
  return { status: 'cancelled' as const, makeup_id: saved.makeupId, message };
}
