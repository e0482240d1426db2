import { AppError, escapeHtml, reserveMailBudget, Topic, type MailBudgetReservation, type MailRequestedPayload } from '@stundenplan/base';
import { berlinToday, formatGermanDate } from '@stundenplan/timegrid';
import { assertOwnsClass } from './classes.js';
import type { Deps } from './context.js';
import { deadlineString } from './deadline.js';
import { timesRef } from './dto.js';
import { registrationLink } from './invitation-mail.js';
import { MSG } from './messages.js';
import { isValidEmail } from './validation.js';

export interface ReminderMailInput {
  studentName: string;
  teacherName: string;
  className: string;
  /** YYYY-MM-DD or null. */
  deadline: string | null;
  /** Registration link (unregistered) or the /student page (registered). */
  link: string;
  registered: boolean;
  /** The class's registration code, for unregistered members. */
  shortcut: string;
}

/** The German reminder mail (du form), sent through mail.requested.v1. */
export function reminderMail(to: string, p: ReminderMailInput): MailRequestedPayload {
  const subject = `Erinnerung: Trag deine Zeiten für „${p.className}“ ein`;
  const ask = p.deadline
    ? `Bitte trage deine Zeiten bis ${formatGermanDate(p.deadline)} ein, damit ${p.teacherName} den Stundenplan für „${p.className}“ planen kann.`
    : `Bitte trage deine Zeiten ein, damit ${p.teacherName} den Stundenplan für „${p.className}“ planen kann.`;
  const how = p.registered ? 'Hier kannst du deine Zeiten eintragen:' : 'Registriere dich über diesen Link und trage danach deine Zeiten ein:';
  const code = p.registered ? [] : ['', `Dein Registrierungscode für den Kurs lautet: ${p.shortcut}`];
  const text = [`Hallo ${p.studentName},`, '', ask, '', how, p.link, ...code, '', 'Viele Grüße', 'Dein Stundenplan-Assistent'].join('\n');
  const html = `<p>Hallo ${escapeHtml(p.studentName)},</p>
<p>${escapeHtml(ask)}</p>
<p>${escapeHtml(how)}<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>
${p.registered ? '' : `<p>Dein Registrierungscode für den Kurs lautet: <strong>${escapeHtml(p.shortcut)}</strong></p>\n`}<p>Viele Grüße<br>Dein Stundenplan-Assistent</p>`;
  return { to, subject, text, html };
}

/**
 * POST /api/classes/{classId}/remind: one reminder mail to every member of the teacher's class who has
 * an e-mail and no times yet (neither own nor teacher-entered), at most one per member and calendar day
 * (Europe/Berlin), counted against the teacher's daily mail budget. Answers how many were sent.
 */
export async function remindMembers(
  deps: Deps,
  teacher: { userId: string; name: string },
  classId: string,
  now: Date = deps.now(),
): Promise<{ recipient_count: number; message: string }> {
  const c = await assertOwnsClass(deps.data.classes, classId, teacher.userId);
  const members = await deps.data.members.listOfClass(classId);
  const withEmail = members.filter((m) => m.email && isValidEmail(m.email.trim().toLowerCase()));
  if (!withEmail.length) return { recipient_count: 0, message: MSG.remindNone };
  // As the teacher sees them: an unverified student's own times do not count (timesRef).
  const answered = await deps.availability.membersWithTimes(classId, withEmail.map(timesRef));
  if (!answered) throw new AppError('UNAVAILABLE', MSG.remindTimesUnknown);
  const candidates = withEmail.filter((m) => !answered.has(m.memberId));
  if (!candidates.length) return { recipient_count: 0, message: MSG.remindNone };

  const teacherRow = await deps.data.directory.findUser(teacher.userId);
  const teacherName = teacherRow?.name || teacher.name || 'Deine Lehrkraft';
  const base = deps.publicBaseUrl.replace(/\/+$/, '');
  const today = berlinToday(now);
  const day = new Date(`${today}T00:00:00Z`);
  let budget: MailBudgetReservation | undefined;
  let sent = 0;
  try {
    await deps.data.transaction(async (tx) => {
      // One reminder run per class at a time: the once-a-day check and the inserts cannot interleave.
      await tx.mailLog.lockRemindersOf(classId);
      const skip = await tx.mailLog.remindedOn(
        candidates.map((m) => m.memberId),
        day,
      );
      const due = candidates.filter((m) => !skip.has(m.memberId));
      if (!due.length) return;
      budget = await reserveMailBudget(deps.mailBudget, teacher.userId, due.length, deps.mailBudgetPerDay);
      for (const m of due) {
        const to = m.email!.trim().toLowerCase();
        const registered = Boolean(m.userId);
        const mail = reminderMail(to, {
          studentName: m.name,
          teacherName,
          className: c.name,
          deadline: deadlineString(c.deadline),
          link: registered ? `${base}/student` : registrationLink(deps.publicBaseUrl, c.registerShortcut, m.memberId),
          registered,
          shortcut: c.registerShortcut,
        });
        await tx.mailLog.recordReminder({ teacherId: teacher.userId, classId, memberId: m.memberId, day });
        await tx.emit(Topic.MailRequested, to, mail);
      }
      sent = due.length;
    });
  } catch (e) {
    await budget?.release().catch(() => undefined);
    throw e;
  }
  if (sent) deps.kick();
  deps.log.info({ classId, sent }, 'reminders sent');
  return { recipient_count: sent, message: sent ? MSG.remindSent(sent) : MSG.remindNone };
}
