import { AppError, reserveMailBudget, Topic, type MailBudgetReservation } from '@stundenplan/base';
import type { MailLogRepository } from '../data/mail-log-repository.js';
import { assertOwnsClass } from './classes.js';
import type { Deps } from './context.js';
import { invitationMail, registrationLink } from './invitation-mail.js';
import { memberOfClass } from './member-of-class.js';
import { MSG } from './messages.js';
import { isValidEmail } from './validation.js';

const INVITES_PER_MEMBER_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Per member: at most 3 invitations in 24 hours (rolling), else 429 with wait_time until the oldest drops out. */
async function assertInviteAllowed(mailLog: MailLogRepository, memberId: string): Promise<void> {
  await mailLog.lockInvitationsOf(memberId);
  const recent = await mailLog.invitationTimesSince(memberId, new Date(Date.now() - DAY_MS));
  if (recent.length < INVITES_PER_MEMBER_PER_DAY) return;
  const waitSeconds = Math.max(1, Math.ceil((recent[0]!.getTime() + DAY_MS - Date.now()) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', MSG.inviteLimit(INVITES_PER_MEMBER_PER_DAY), { extra: { wait_time: waitSeconds } });
}

/**
 * POST classes/{id}/invite-student: only for unregistered members of the teacher's own class, only to
 * the member's stored e-mail (no open relay: another address in the body is refused), at most 3 per
 * member per day, and within the teacher's daily mail budget (shared with schedule sendings). Class
 * name and code come from the database, never from the body (its free texts, at most 200 characters each, are
 * checked by the contract, packages/contracts inviteStudent).
 */
export async function inviteStudent(
  deps: Deps,
  teacher: { userId: string; name: string },
  classId: string,
  body: { member_id: string; email?: string | null | undefined },
): Promise<{ message: string }> {
  const c = await assertOwnsClass(deps.data.classes, classId, teacher.userId);
  const m = await memberOfClass(deps.data.members, classId, body.member_id);
  if (m.userId) throw AppError.badRequest(MSG.inviteAlreadyRegistered);
  const to = (m.email ?? '').trim().toLowerCase();
  const given = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!to) throw AppError.badRequest(MSG.inviteEmailRequired);
  if (given && given !== to) throw AppError.badRequest(MSG.inviteOtherAddress);
  if (!isValidEmail(to)) throw AppError.badRequest(MSG.emailInvalid);
  const teacherRow = await deps.data.directory.findUser(teacher.userId);
  const mail = invitationMail(to, {
    studentName: m.name,
    teacherName: teacherRow?.name || teacher.name || 'Deine Lehrkraft',
    className: c.name,
    shortcut: c.registerShortcut,
    link: registrationLink(deps.publicBaseUrl, c.registerShortcut, m.memberId),
  });
  let budget: MailBudgetReservation | undefined;
  try {
    await deps.data.transaction(async (tx) => {
      await assertInviteAllowed(tx.mailLog, m.memberId);
      budget = await reserveMailBudget(deps.mailBudget, teacher.userId, 1, deps.mailBudgetPerDay);
      await tx.mailLog.recordInvitation({ teacherId: teacher.userId, memberId: m.memberId, email: to });
      await tx.emit(Topic.MailRequested, to, mail);
    });
  } catch (e) {
    await budget?.release().catch(() => undefined);
    throw e;
  }
  deps.kick();
  return { message: MSG.inviteSent(to) };
}
