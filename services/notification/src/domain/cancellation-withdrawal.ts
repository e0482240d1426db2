import { AppError, isUuid, type SessionUser } from '@stundenplan/base';
import { berlinToday, isDeadlineDate } from '@stundenplan/timegrid';
import { berlinToUtc } from './calendar-ics.js';
import type { NotificationDeps } from './deps.js';
import { de } from './dated-lesson.js';
import { classDated, mail, MAKEUP_MSG, membership, reserveOne } from './makeups.js';

/**
 * Withdrawing a cancellation while the lesson is still ahead (docs/product/semester.md): the class's teacher may
 * withdraw any cancellation of their class, a student only their own. The lesson takes place again; its open
 * make-up goes with the cancellation. Once the make-up is booked the withdrawal is refused (the booked time
 * stays the student's lesson): the teacher's day is not changed behind their back.
 */

const WITHDRAW_MSG = {
  notCancelled: (date: string) => `Dein Termin am ${de(date)} ist nicht abgesagt.`,
  notCancelledMember: (name: string, date: string) => `Der Termin von ${name || 'diesem Mitglied'} am ${de(date)} ist nicht abgesagt.`,
  past: 'Dieser Termin liegt in der Vergangenheit. Die Absage kann nicht mehr zurückgenommen werden.',
  begun: 'Dieser Termin hat schon begonnen. Die Absage kann nicht mehr zurückgenommen werden.',
  byTeacher: 'Diesen Termin hat deine Lehrkraft abgesagt. Nur sie kann die Absage zurücknehmen.',
  makeupBooked: (date: string, start: string) =>
    `Für diesen Termin ist schon ein Nachholtermin gebucht (${de(date)}, ${start} Uhr). Die Absage kann deshalb nicht mehr zurückgenommen werden.`,
  withdrawnOwn: (date: string, start: string) => `Deine Absage ist zurückgenommen: Dein Termin am ${de(date)} um ${start} Uhr findet statt.`,
  withdrawnMember: (name: string, date: string, start: string) =>
    `Die Absage ist zurückgenommen: Der Termin von ${name || 'diesem Mitglied'} am ${de(date)} um ${start} Uhr findet statt.`,
} as const;

export interface WithdrawBody {
  class_id: string;
  member_id: string;
  date: string;
}

/** `b`: the body as the contract gives it (packages/contracts lessons.withdrawCancellation). */
export async function withdrawCancellation(deps: NotificationDeps, user: SessionUser, b: WithdrawBody, now: Date = new Date()) {
  if (!isUuid(b.class_id)) throw AppError.badRequest(MAKEUP_MSG.classId);
  if (!isUuid(b.member_id)) throw AppError.badRequest(MAKEUP_MSG.memberId);
  if (!isDeadlineDate(b.date)) throw AppError.badRequest(MAKEUP_MSG.date);
  const classId = b.class_id.toLowerCase();
  const memberId = b.member_id.toLowerCase();
  const date = b.date;

  const ctx = await membership(deps, user, classId, memberId);
  if (date < berlinToday(now)) throw AppError.conflict(WITHDRAW_MSG.past);
  const rows = (await deps.makeups.cancellations([classId]))
    .filter((c) => c.memberId === memberId && c.date === date)
    .sort((x, y) => x.start.localeCompare(y.start));
  const startOf = (start: string) => berlinToUtc(date, Number(start.slice(0, 2)), Number(start.slice(3, 5)), 0).getTime();
  const row = rows.find((c) => startOf(c.start) > now.getTime());
  if (!row) {
    if (rows.length) throw AppError.conflict(WITHDRAW_MSG.begun);
    throw AppError.notFound(ctx.role === 'student' ? WITHDRAW_MSG.notCancelled(date) : WITHDRAW_MSG.notCancelledMember(ctx.memberName, date));
  }
  if (ctx.role === 'student' && row.byRole !== 'student') throw AppError.forbidden(WITHDRAW_MSG.byTeacher);

  const at = `am ${de(date)} um ${row.start} Uhr`;
  const outgoing =
    ctx.role === 'teacher'
      ? mail(
          ctx.memberEmail,
          `Dein Unterricht ${at} findet doch statt`,
          [
            ctx.memberName ? `Hallo ${ctx.memberName},` : 'Hallo,',
            '',
            `${ctx.teacherName || 'Deine Lehrkraft'} hat die Absage deines Unterrichts „${ctx.className}“ ${at} zurückgenommen: Der Termin findet statt.`,
            ...(row.makeupId ? ['Der Nachholtermin dafür entfällt.'] : []),
          ],
          ctx.teacherEmail,
        )
      : mail(
          ctx.teacherEmail,
          `Absage zurückgenommen: ${ctx.memberName} ${at}`,
          ['Hallo,', '', `${ctx.memberName} hat die Absage für „${ctx.className}“ ${at} zurückgenommen: Der Termin findet statt.`],
          ctx.memberEmail,
        );
  const budget = outgoing ? await reserveOne(deps, ctx.teacherId) : null;
  const done = await deps.makeups.withdraw(row.id, budget ? outgoing : null).catch(async (e: unknown) => {
    await budget?.release().catch(() => undefined);
    throw e;
  });
  if (!done.withdrawn) {
    await budget?.release().catch(() => undefined);
    if (done.booked) throw AppError.conflict(WITHDRAW_MSG.makeupBooked(done.booked.date, done.booked.start));
    // Withdrawn meanwhile (a second tap): nothing is cancelled any more.
    throw AppError.notFound(ctx.role === 'student' ? WITHDRAW_MSG.notCancelled(date) : WITHDRAW_MSG.notCancelledMember(ctx.memberName, date));
  }
  if (budget) deps.kickOutbox();
  deps.log.info({ classId, memberId, date, by: ctx.role }, 'cancellation withdrawn');

  // The lesson is what it was before the cancellation: planned, or swapped when a swap had moved it there.
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([classId]), deps.classes.semesters([classId])]);
  const s = sent.get(classId);
  const lesson = s
    ? (await classDated(deps, classId, s, semesters.get(classId))).find((l) => l.member_id === memberId && l.date === date && l.start === row.start)
    : undefined;
  return {
    status: lesson?.status === 'swapped' ? ('swapped' as const) : ('planned' as const),
    message: ctx.role === 'student' ? WITHDRAW_MSG.withdrawnOwn(date, row.start) : WITHDRAW_MSG.withdrawnMember(ctx.memberName, date, row.start),
  };
}
