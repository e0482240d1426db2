import { AppError, escapeHtml, reserveMailBudget, Topic, type MailBudgetReservation, type MailRequestedPayload } from '@stundenplan/base';
import { berlinToday, DAY_NAMES } from '@stundenplan/timegrid';
import { assertOwnsClass } from './classes.js';
import type { Deps } from './context.js';
import { memberOfClass } from './member-of-class.js';
import { MSG } from './messages.js';
import { isValidEmail } from './validation.js';

/** One window of one day: day 0-6 (Monday first), "HH:MM" on the quarter hour, end exclusive. */
export interface TimesWindow {
  day: number;
  start: string;
  end: string;
}

const TIME = /^(\d{2}):(00|15|30|45)$/;

function minutesOf(v: unknown): number | null {
  const m = typeof v === 'string' ? TIME.exec(v) : null;
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** The body { day, start, end } as the contract gives it (classes.requestTimes); the window must not be empty. */
function parseWindow(b: TimesWindow): TimesWindow {
  const start = minutesOf(b.start);
  const end = minutesOf(b.end);
  if (start === null || end === null || start >= end) throw AppError.badRequest(MSG.requestTimesWindow);
  return { day: b.day, start: b.start, end: b.end };
}

/** "Dienstag 16:00–16:45 Uhr". */
function describeWindow(w: TimesWindow): string {
  return `${DAY_NAMES[w.day]} ${w.start}–${w.end} Uhr`;
}

export interface TimesRequestMailInput {
  studentName: string;
  teacherName: string;
  className: string;
  window: TimesWindow;
  /** The student's times page. */
  link: string;
}

/** The German mail (du form) asking a student to add one window to their times, sent through mail.requested.v1. */
function timesRequestMail(to: string, p: TimesRequestMailInput): MailRequestedPayload {
  const when = describeWindow(p.window);
  const subject = `Hast du ${when} Zeit? („${p.className}“)`;
  const ask = `${p.teacherName} möchte dich in „${p.className}“ einplanen, findet aber in deinen Zeiten keinen passenden Termin.`;
  const window = `Es würde passen, wenn du diese Zeit ergänzt: ${when}.`;
  const how = 'Wenn du dann kannst, trag die Zeit hier ein:';
  const text = [`Hallo ${p.studentName},`, '', ask, window, '', how, p.link, '', 'Viele Grüße', 'Dein Stundenplan-Assistent'].join('\n');
  const html = `<p>Hallo ${escapeHtml(p.studentName)},</p>
<p>${escapeHtml(ask)}<br>${escapeHtml(window)}</p>
<p>${escapeHtml(how)}<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>
<p>Viele Grüße<br>Dein Stundenplan-Assistent</p>`;
  return { to, subject, text, html };
}

/**
 * POST /api/classes/{classId}/members/{memberId}/request-times: one mail to a verified member of the teacher's
 * class naming the window that would place them, with the link to their times page. At most one such mail (or
 * reminder) per member and calendar day (Europe/Berlin), counted against the teacher's daily mail budget.
 */
export async function requestMemberTimes(
  deps: Deps,
  teacher: { userId: string; name: string },
  classId: string,
  memberIdRaw: unknown,
  /** The body, read once the class and the member are known to be the teacher's. */
  body: () => TimesWindow,
  now: Date = deps.now(),
): Promise<{ message: string }> {
  const c = await assertOwnsClass(deps.data.classes, classId, teacher.userId);
  const m = await memberOfClass(deps.data.members, classId, memberIdRaw);
  const window = parseWindow(body());
  const to = m.email?.trim().toLowerCase() ?? '';
  if (!m.studentId || !m.userId || !isValidEmail(to)) throw AppError.badRequest(MSG.requestTimesNotVerified(m.name));

  const teacherRow = await deps.data.directory.findUser(teacher.userId);
  const teacherName = teacherRow?.name || teacher.name || 'Deine Lehrkraft';
  const base = deps.publicBaseUrl.replace(/\/+$/, '');
  const today = berlinToday(now);
  const day = new Date(`${today}T00:00:00Z`);
  let budget: MailBudgetReservation | undefined;
  try {
    await deps.data.transaction(async (tx) => {
      // The class's reminder lock: this check and a reminder run of the same class cannot interleave.
      await tx.mailLog.lockRemindersOf(classId);
      if ((await tx.mailLog.remindedOn([m.memberId], day)).size) throw AppError.conflict(MSG.requestTimesToday(m.name));
      budget = await reserveMailBudget(deps.mailBudget, teacher.userId, 1, deps.mailBudgetPerDay);
      const mail = timesRequestMail(to, { studentName: m.name, teacherName, className: c.name, window, link: `${base}/student` });
      await tx.mailLog.recordReminder({ teacherId: teacher.userId, classId, memberId: m.memberId, day });
      await tx.emit(Topic.MailRequested, to, mail);
    });
  } catch (e) {
    await budget?.release().catch(() => undefined);
    throw e;
  }
  deps.kick();
  deps.log.info({ classId }, 'times request sent');
  return { message: MSG.requestTimesSent(m.name, describeWindow(window)) };
}
