import { randomUUID } from 'node:crypto';
import { AppError, reserveMailBudget, Topic, type MailBudgetReservation, type MailRequestedPayload } from '@stundenplan/base';
import { isAllowedDuration, normalizeTimesMap, TimegridError, type TimesMap } from '@stundenplan/timegrid';
import { emptyTimes, type MemberTimesView } from '../clients/availability-client.js';
import { emit, isUniqueViolation, type Tx } from '../data/prisma.js';
import type { Member } from '../generated/prisma/client.js';
import { assertOwnsClass, lockOwnedClass } from './classes.js';
import type { Deps } from './context.js';
import { directoryScopeOf, studentsInScope } from './directory-scope.js';
import { memberAddedPayload, toMemberDto, type MemberDto } from './dto.js';
import { MSG } from './messages.js';
import { asObject, DEFAULT_DURATION, duration, idOrNotFound, isValidEmail, MAX_MEMBERS_PER_CLASS, memberEmail, memberName } from './validation.js';
import { classWithMembers } from '../data/hot-reads.js';

export type MemberWithTimes = MemberDto & MemberTimesView;

/** A member of exactly this class; a member id of another class is 404 (never data). */
async function memberOfClass(db: Deps['db'] | Tx, classId: string, memberIdRaw: unknown): Promise<Member> {
  const memberId = idOrNotFound(memberIdRaw, MSG.memberNotFound);
  const m = await db.member.findUnique({ where: { memberId } });
  if (!m || m.classId !== classId) throw AppError.notFound(MSG.memberNotFound);
  return m;
}

async function classEmails(tx: Tx, classId: string, exceptMemberId?: string): Promise<Set<string>> {
  const rows = await tx.member.findMany({
    where: { classId, email: { not: null }, ...(exceptMemberId ? { memberId: { not: exceptMemberId } } : {}) },
    select: { email: true },
  });
  return new Set(rows.map((r) => (r.email ?? '').toLowerCase()));
}

export async function listMembers(deps: Deps, teacherId: string, classId: string): Promise<MemberWithTimes[]> {
  // Owner and members in one statement; a foreign or unknown class is the same 404 as assertOwnsClass gives.
  const found = await classWithMembers(deps.pool, idOrNotFound(classId, MSG.classNotFound));
  if (!found || found.teacherId !== teacherId) throw AppError.notFound(MSG.classNotFound);
  const rows = found.members;
  const times = await deps.availability.planningTimes(
    classId,
    rows.map((m) => ({ memberId: m.memberId, userId: m.userId })),
  );
  const none = emptyTimes();
  // Property by property, as toMemberDto does (no spread): 99 members x 14 fields is the hot part of this answer.
  return rows.map((m) => {
    const t = times.get(m.memberId) ?? none;
    return {
      member_id: m.memberId,
      class_id: m.classId,
      user_id: m.userId,
      student_id: m.studentId,
      name: m.name,
      email: m.email,
      duration: m.duration,
      created_at: m.createdAt.toISOString(),
      updated_at: m.updatedAt.toISOString(),
      available_times: t.available_times,
      available_times_user_input: t.available_times_user_input,
      available_times_user_input_last_modified: t.available_times_user_input_last_modified,
      preferred_times: t.preferred_times,
      preferred_times_user_input: t.preferred_times_user_input,
    };
  });
}

/** POST classes/{id}/members/new: unregistered members typed in or imported from CSV; all or nothing. */
export async function addNewMembers(deps: Deps, teacherId: string, classId: string, studentsRaw: unknown): Promise<{ message: string; members: MemberDto[] }> {
  if (!Array.isArray(studentsRaw) || studentsRaw.length === 0) throw AppError.badRequest(MSG.noStudents);
  if (studentsRaw.length > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
  const students = studentsRaw.map((raw) => {
    const s = asObject(raw);
    return { name: memberName(s.name, 'add'), email: memberEmail(s.email, false), duration: duration(s.duration, DEFAULT_DURATION) };
  });
  const seen = new Set<string>();
  for (const s of students) {
    if (!s.email) continue;
    if (seen.has(s.email)) throw AppError.badRequest(MSG.duplicateEmailInList(s.email));
    seen.add(s.email);
  }
  const created = await deps.db.$transaction(async (tx) => {
    await lockOwnedClass(tx, classId, teacherId);
    const count = await tx.member.count({ where: { classId } });
    if (count + students.length > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
    const existing = await classEmails(tx, classId);
    for (const s of students) if (s.email && existing.has(s.email)) throw AppError.conflict(MSG.duplicateEmailInClass(s.email));
    const out: Member[] = [];
    for (const s of students) {
      const m = await tx.member.create({ data: { memberId: randomUUID(), classId, name: s.name, email: s.email, duration: s.duration } });
      await emit(tx, Topic.MemberAdded, classId, memberAddedPayload(m));
      out.push(m);
    }
    return out;
  });
  deps.kick();
  const n = created.length;
  return { message: n === 1 ? '1 Studierende*r erfolgreich hinzugefügt' : `${n} Studierende erfolgreich hinzugefügt`, members: created.map(toMemberDto) };
}

/**
 * POST classes/{id}/members: registered students found by the search. The membership is linked
 * (user_id set) but unverified (no student_id) until the student verifies it. An unregistered row
 * with the student's e-mail is linked instead of adding a second row.
 */
export async function addRegisteredMembers(
  deps: Deps,
  teacherId: string,
  classId: string,
  studentsRaw: unknown,
): Promise<{ message: string; members: MemberDto[] }> {
  await assertOwnsClass(deps.db, classId, teacherId);
  if (!Array.isArray(studentsRaw) || studentsRaw.length === 0) throw AppError.badRequest(MSG.noStudents);
  if (studentsRaw.length > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
  const wanted = new Map<string, number | undefined>();
  for (const raw of studentsRaw) {
    const s = asObject(raw);
    if (typeof s.student_id !== 'string' || !s.student_id.trim()) throw AppError.badRequest(MSG.studentUnknown);
    const d = s.duration === undefined || s.duration === null || s.duration === '' ? undefined : duration(s.duration);
    if (!wanted.has(s.student_id.trim())) wanted.set(s.student_id.trim(), d);
  }
  const users = await deps.db.userDirectory.findMany({ where: { userId: { in: [...wanted.keys()] }, roleId: 1 } });
  // Directory scope (DSGVO): only students the teacher could find, or whose e-mail a member of the
  // teacher's classes already has; anyone else is "unknown", exactly like an id that does not exist.
  const inScope = await studentsInScope(
    deps,
    await directoryScopeOf(deps, teacherId),
    users.map((u) => u.userId),
  );
  const memberMails = new Set(
    (await deps.db.member.findMany({ where: { email: { in: users.map((u) => u.email) }, class: { teacherId } }, select: { email: true } })).map((m) =>
      (m.email ?? '').toLowerCase(),
    ),
  );
  const byId = new Map(users.filter((u) => inScope.has(u.userId) || memberMails.has(u.email)).map((u) => [u.userId, u]));
  for (const id of wanted.keys()) if (!byId.has(id)) throw AppError.notFound(MSG.studentUnknown);

  const result = await deps.db
    .$transaction(async (tx) => {
      await lockOwnedClass(tx, classId, teacherId);
      const rows = await tx.member.findMany({ where: { classId } });
      const out: Member[] = [];
      let count = rows.length;
      for (const [userId, d] of wanted) {
        const u = byId.get(userId)!;
        if (rows.some((r) => r.userId === userId)) throw AppError.conflict(MSG.studentAlreadyMember);
        const dur = d ?? (isAllowedDuration(u.duration) ? u.duration : DEFAULT_DURATION);
        const unregistered = rows.find((r) => !r.userId && r.email && r.email.toLowerCase() === u.email);
        if (unregistered) {
          const m = await tx.member.update({
            where: { memberId: unregistered.memberId },
            data: { userId, studentId: null, name: u.name, email: u.email, duration: dur },
          });
          await emit(tx, Topic.MemberLinked, classId, { class_id: classId, member_id: m.memberId, user_id: userId });
          out.push(m);
          continue;
        }
        if (count + 1 > MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
        const m = await tx.member.create({ data: { memberId: randomUUID(), classId, userId, studentId: null, name: u.name, email: u.email, duration: dur } });
        await emit(tx, Topic.MemberAdded, classId, memberAddedPayload(m));
        count++;
        out.push(m);
      }
      return out;
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw AppError.conflict(MSG.studentAlreadyMember);
      throw e;
    });
  deps.kick();
  const n = result.length;
  return { message: n === 1 ? '1 Studierende*r erfolgreich hinzugefügt' : `${n} Studierende erfolgreich hinzugefügt`, members: result.map(toMemberDto) };
}

function parseTimes(v: unknown): TimesMap {
  try {
    return normalizeTimesMap(v);
  } catch (e) {
    if (e instanceof TimegridError) throw AppError.badRequest(e.message);
    throw AppError.badRequest(MSG.invalidTimes);
  }
}

/**
 * PUT classes/{id}/members/{memberId}/update: one or more of name, email, duration (string or
 * number), available_times (teacher-entered, stored by the availability service), or user_id with
 * available_times = link an unregistered member to the registered student with the member's e-mail.
 */
export async function updateMember(
  deps: Deps,
  teacherId: string,
  classId: string,
  memberIdRaw: unknown,
  bodyRaw: unknown,
): Promise<MemberDto & { available_times?: TimesMap; preferred_times?: TimesMap }> {
  const body = asObject(bodyRaw);
  const has = (k: string) => Object.prototype.hasOwnProperty.call(body, k) && body[k] !== undefined;
  if (!['name', 'email', 'duration', 'available_times', 'preferred_times', 'user_id'].some(has)) throw AppError.badRequest(MSG.nothingToUpdate);
  const name = has('name') ? memberName(body.name, 'edit') : undefined;
  const email = has('email') ? memberEmail(body.email, true) : undefined;
  const dur = has('duration') ? duration(body.duration) : undefined;
  const times = has('available_times') ? parseTimes(body.available_times) : undefined;
  const preferred = has('preferred_times') ? parseTimes(body.preferred_times) : undefined;
  const linkUserId =
    has('user_id') && body.user_id !== null ? (typeof body.user_id === 'string' && body.user_id.trim() ? body.user_id.trim() : null) : undefined;
  if (linkUserId === null) throw AppError.badRequest(MSG.linkNeedsMatch);

  await assertOwnsClass(deps.db, classId, teacherId);
  const before = await memberOfClass(deps.db, classId, memberIdRaw);
  if (email !== undefined && before.userId && email !== (before.email ?? '').toLowerCase()) throw AppError.badRequest(MSG.registeredEmailLocked);

  let linkUser: { userId: string; name: string; email: string } | undefined;
  let timesToSet = times;
  if (linkUserId !== undefined) {
    if (before.userId && before.userId !== linkUserId) throw AppError.badRequest(MSG.alreadyLinked);
    const u = await deps.db.userDirectory.findUnique({ where: { userId: linkUserId } });
    const memberMail = (email ?? before.email ?? '').toLowerCase();
    if (!u || u.roleId !== 1 || !memberMail || u.email !== memberMail) throw AppError.badRequest(MSG.linkNeedsMatch);
    linkUser = { userId: u.userId, name: u.name, email: u.email };
    // The check answer carries no times before a link (DSGVO), so empty times in the body mean "take the student's".
    if (timesToSet === undefined || Object.keys(timesToSet).length === 0) {
      const own = (await deps.availability.userTimes([u.userId])).get(u.userId);
      if (own && Object.keys(own).length) timesToSet = own;
    }
  }
  // Times first: if the availability service refuses them, nothing else changes.
  let stored: { available_times: TimesMap; preferred_times: TimesMap } | undefined;
  if (timesToSet !== undefined || preferred !== undefined) stored = await deps.availability.setMemberTimes(classId, before.memberId, timesToSet, preferred);

  const updated = await deps.db.$transaction(async (tx) => {
    await lockOwnedClass(tx, classId, teacherId);
    const m = await memberOfClass(tx, classId, before.memberId);
    const newEmail = linkUser ? linkUser.email : email;
    if (newEmail !== undefined && newEmail !== null && newEmail !== (m.email ?? '').toLowerCase()) {
      if ((await classEmails(tx, classId, m.memberId)).has(newEmail)) throw AppError.conflict(MSG.duplicateEmailInClass(newEmail));
    }
    const data: Record<string, unknown> = {};
    if (name !== undefined) data.name = name;
    if (email !== undefined) data.email = email;
    if (dur !== undefined) data.duration = dur;
    if (linkUser && m.userId !== linkUser.userId) {
      if (m.userId) throw AppError.badRequest(MSG.alreadyLinked);
      if (await tx.member.findFirst({ where: { classId, userId: linkUser.userId }, select: { memberId: true } }))
        throw AppError.conflict(MSG.studentAlreadyMember);
      Object.assign(data, { userId: linkUser.userId, studentId: null, email: linkUser.email, ...(name === undefined ? { name: linkUser.name } : {}) });
      await emit(tx, Topic.MemberLinked, classId, { class_id: classId, member_id: m.memberId, user_id: linkUser.userId });
    }
    return Object.keys(data).length ? tx.member.update({ where: { memberId: m.memberId }, data }) : m;
  });
  if (linkUser) deps.kick();
  return { ...toMemberDto(updated), ...(stored ?? {}) };
}

export async function removeMember(deps: Deps, teacherId: string, classId: string, memberIdRaw: unknown): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await lockOwnedClass(tx, classId, teacherId);
    const m = await memberOfClass(tx, classId, memberIdRaw);
    await tx.member.delete({ where: { memberId: m.memberId } });
    await emit(tx, Topic.MemberRemoved, classId, { class_id: classId, member_id: m.memberId, user_id: m.userId });
  });
  deps.kick();
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

export function registrationLink(publicBaseUrl: string, shortcut: string, memberId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/register/${shortcut}&memberId=${memberId}`;
}

/** The German invitation mail (docs/product/classes.md Inviting), sent through mail.requested.v1. */
export function invitationMail(
  to: string,
  p: { studentName: string; teacherName: string; className: string; shortcut: string; link: string },
): MailRequestedPayload {
  const subject = `Einladung zum Kurs „${p.className}“`;
  const text = [
    `Hallo ${p.studentName},`,
    '',
    `${p.teacherName} lädt dich zum Kurs „${p.className}“ im Stundenplan-Assistenten ein.`,
    '',
    'Registriere dich über diesen Link, um dem Kurs beizutreten:',
    p.link,
    '',
    `Dein Registrierungscode für den Kurs lautet: ${p.shortcut}`,
    '',
    'Viele Grüße',
    'Dein Stundenplan-Assistent',
  ].join('\n');
  const html = `<p>Hallo ${esc(p.studentName)},</p>
<p>${esc(p.teacherName)} lädt dich zum Kurs „${esc(p.className)}“ im Stundenplan-Assistenten ein.</p>
<p>Registriere dich über diesen Link, um dem Kurs beizutreten:<br><a href="${esc(p.link)}">${esc(p.link)}</a></p>
<p>Dein Registrierungscode für den Kurs lautet: <strong>${esc(p.shortcut)}</strong></p>
<p>Viele Grüße<br>Dein Stundenplan-Assistent</p>`;
  return { to, subject, text, html };
}

export const INVITES_PER_MEMBER_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Free texts an invitation body may carry (name, class_name, register_shortcut are shown from the database). */
const INVITE_TEXT_MAX = 200;

/** Per member: at most 3 invitations in 24 hours (rolling), else 429 with wait_time until the oldest drops out. */
async function assertInviteAllowed(tx: Tx, memberId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`classes:invite:${memberId}`}))`;
  const since = new Date(Date.now() - DAY_MS);
  const recent = await tx.invitation.findMany({ where: { memberId, createdAt: { gt: since } }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } });
  if (recent.length < INVITES_PER_MEMBER_PER_DAY) return;
  const waitSeconds = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + DAY_MS - Date.now()) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', MSG.inviteLimit(INVITES_PER_MEMBER_PER_DAY), { extra: { wait_time: waitSeconds } });
}

/**
 * POST classes/{id}/invite-student: only for unregistered members of the teacher's own class, only to
 * the member's stored e-mail (no open relay: another address in the body is refused), at most 3 per
 * member per day, and within the teacher's daily mail budget (shared with schedule sendings). Class
 * name and code come from the database, never from the body.
 */
export async function inviteStudent(deps: Deps, teacher: { userId: string; name: string }, classId: string, bodyRaw: unknown): Promise<{ message: string }> {
  const body = asObject(bodyRaw);
  for (const k of ['email', 'name', 'class_name', 'register_shortcut']) {
    const v = body[k];
    if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > INVITE_TEXT_MAX)) throw AppError.badRequest(MSG.inviteTextInvalid);
  }
  const c = await assertOwnsClass(deps.db, classId, teacher.userId);
  const m = await memberOfClass(deps.db, classId, body.member_id);
  if (m.userId) throw AppError.badRequest(MSG.inviteAlreadyRegistered);
  const to = (m.email ?? '').trim().toLowerCase();
  const given = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!to) throw AppError.badRequest(MSG.inviteEmailRequired);
  if (given && given !== to) throw AppError.badRequest(MSG.inviteOtherAddress);
  if (!isValidEmail(to)) throw AppError.badRequest(MSG.emailInvalid);
  const teacherRow = await deps.db.userDirectory.findUnique({ where: { userId: teacher.userId } });
  const mail = invitationMail(to, {
    studentName: m.name,
    teacherName: teacherRow?.name || teacher.name || 'Deine Lehrkraft',
    className: c.name,
    shortcut: c.registerShortcut,
    link: registrationLink(deps.publicBaseUrl, c.registerShortcut, m.memberId),
  });
  let budget: MailBudgetReservation | undefined;
  try {
    await deps.db.$transaction(async (tx) => {
      await assertInviteAllowed(tx, m.memberId);
      budget = await reserveMailBudget(deps.store, teacher.userId, 1, deps.mailBudgetPerDay);
      await tx.invitation.create({ data: { teacherId: teacher.userId, memberId: m.memberId, email: to } });
      await emit(tx, Topic.MailRequested, to, mail);
    });
  } catch (e) {
    await budget?.release().catch(() => undefined);
    throw e;
  }
  deps.kick();
  return { message: MSG.inviteSent(to) };
}
