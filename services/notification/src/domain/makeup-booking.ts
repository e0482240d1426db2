import { AppError, type SessionUser } from '@stundenplan/base';
import { berlinToday, isDeadlineDate } from '@stundenplan/timegrid';
import type { NotificationDeps } from './deps.js';
import { accessMakeup, assertOpen, makeupDays, solverCandidates } from './makeup-suggestions.js';
import { de } from './dated-lesson.js';
import { clockOf, mail, MAKEUP_MSG, makeupAnswer, membership, reserveOne } from './makeups.js';

/** Booking a make-up at one of the solver's valid times; the other party learns of it by mail. */

const START_RE = /^([01]\d|2[0-3]):(00|15|30|45)$/;

/** `body`: as the contract gives it (packages/contracts lessons.bookMakeup), read once the caller may see the make-up. */
export async function bookMakeup(
  deps: NotificationDeps,
  user: SessionUser,
  makeupId: string,
  body: () => { date: string; start: string },
  now: Date = new Date(),
) {
  const row = await accessMakeup(deps, user, makeupId);
  const b = body();
  if (!isDeadlineDate(b.date)) throw AppError.badRequest(MAKEUP_MSG.date);
  if (!START_RE.test(b.start)) throw AppError.badRequest(MAKEUP_MSG.start);
  const today = berlinToday(now);
  assertOpen(row, today);
  const date = b.date;
  const start = b.start;
  const valid = (await solverCandidates(deps, row, await makeupDays(deps, row, today, date), 0)).find((c) => c.date === date && clockOf(c.start) === start);
  if (!valid) throw AppError.conflict(MAKEUP_MSG.notValid);
  const at = { date, start, end: clockOf(valid.end) };

  // The other party learns of it: the student when the teacher books, the teacher when the student does.
  const ctx = await membership(deps, user, row.classId, row.memberId);
  const when = `am ${de(date)} von ${at.start} bis ${at.end} Uhr`;
  const outgoing =
    ctx.role === 'teacher'
      ? mail(
          ctx.memberEmail,
          `Nachholtermin ${when}`,
          [
            ctx.memberName ? `Hallo ${ctx.memberName},` : 'Hallo,',
            '',
            `${ctx.teacherName || 'Deine Lehrkraft'} hat deinen Nachholtermin für den ${de(row.cancelledDate)} gebucht: „${ctx.className}“ ${when}.`,
            'Du findest ihn auch in deinem Kalender.',
          ],
          ctx.teacherEmail,
        )
      : mail(
          ctx.teacherEmail,
          `Nachholtermin: ${ctx.memberName} ${when}`,
          ['Hallo,', '', `${ctx.memberName} hat den Nachholtermin für den ${de(row.cancelledDate)} gebucht: „${ctx.className}“ ${when}.`],
          ctx.memberEmail,
        );
  const budget = outgoing ? await reserveOne(deps, row.teacherId) : null;
  const saved = await deps.makeups.book(row.id, row.teacherId, at, budget ? outgoing : null).catch(async (e: unknown) => {
    await budget?.release().catch(() => undefined);
    throw e;
  });
  if (budget) deps.kickOutbox();
  deps.log.info({ makeupId: row.id, classId: row.classId, date }, 'make-up booked');
  return { makeup: makeupAnswer(saved, ctx.role === 'teacher' ? ctx.memberName : ctx.className, today), message: MAKEUP_MSG.bookedOk(date, start) };
}
