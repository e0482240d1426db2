import { randomUUID } from 'node:crypto';
import { AppError, hitRateLimit, Topic, type SessionUser } from '@stundenplan/base';
import type { TimesMap } from '@stundenplan/timegrid';
import type { Deps } from './context.js';
import { directoryScopeOf, studentsInScope } from './directory-scope.js';
import { memberAddedPayload } from './dto.js';
import { lockOwnedClass } from './classes.js';
import { MSG } from './messages.js';
import { normalizeJoinCode } from './register-shortcut.js';
import { DEFAULT_DURATION, duration, idOrNotFound, MAX_MEMBERS_PER_CLASS, SEARCH_LIMIT, searchQuery } from './validation.js';

export interface StudentSearchResult {
  user_id: string;
  name: string;
  email: string;
  duration: number | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Registered students (role 1) whose name or e-mail local part contains the query, case-insensitive,
 * within the teacher's directory scope (own institution, or members now or before of the teacher's
 * classes). Only the SPEC's fields; never times.
 */
export async function searchStudents(deps: Deps, teacherId: string, queryRaw: string): Promise<{ students: StudentSearchResult[] }> {
  const q = searchQuery(queryRaw);
  const pattern = `%${escapeLike(q)}%`;
  const scope = await directoryScopeOf(deps, teacherId);
  const rows = await deps.data.directory.searchStudents(scope, pattern, SEARCH_LIMIT);
  return { students: rows.map((r) => ({ user_id: r.user_id, name: r.name, email: r.email, duration: r.duration })) };
}

const MAX_CHECK_EMAILS = 99;
/** check-student-exists calls per teacher and window (the members list asks on every change of its e-mails). */
const CHECK_LIMIT = { limit: 120, windowSeconds: 600 } as const;

export interface ExistingStudent {
  user_id: string;
  name: string;
  available_times: TimesMap;
}

/**
 * POST check-student-exists: which of these e-mails belong to registered students (for the teacher's
 * link action and the CSV import preview). Body: a JSON array of e-mails or { emails: [...] }, at most 99.
 * - a student who verified a membership in one of the teacher's classes: user_id, name and the student's
 *   own times (the member list shows them anyway);
 * - a student linked but not verified, an e-mail of an unlinked member of the teacher's classes (the link
 *   offer) or a student in the teacher's directory scope (own institution, members now or before): user_id
 *   and name, times empty. Times reach a teacher only through a membership the student verified;
 * - everyone else is not answered, as if unregistered.
 */
export async function checkStudentsExist(
  deps: Deps,
  teacherId: string,
  body: string[] | { emails: string[] },
): Promise<{ existing_students: Record<string, ExistingStudent> }> {
  const list = Array.isArray(body) ? body : body.emails;
  if (list.length > MAX_CHECK_EMAILS) throw AppError.badRequest(MSG.tooManyEmails);
  const hit = await hitRateLimit(deps.store, `check-student-exists:${teacherId}`, CHECK_LIMIT.limit, CHECK_LIMIT.windowSeconds);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', MSG.checkLimited, { extra: { wait_time: hit.waitSeconds } });
  const emails = [...new Set(list.map((e) => e.trim().toLowerCase()).filter((e) => e && e.length <= 254))];
  const existing_students: Record<string, ExistingStudent> = {};
  if (!emails.length) return { existing_students };
  const users = await deps.data.directory.studentsByEmails(emails);
  if (!users.length) return { existing_students };
  const memberRows = await deps.data.members.inClassesOfTeacher(teacherId, { emails: users.map((u) => u.email), userIds: users.map((u) => u.userId) });
  const memberEmails = new Set(memberRows.map((m) => (m.email ?? '').toLowerCase()));
  const linked = new Set(memberRows.map((m) => m.userId).filter((id): id is string => Boolean(id)));
  // Times only of students who verified a course of this teacher; added without consent (linked) is not enough.
  const verified = new Set(memberRows.map((m) => (m.studentId ? m.userId : null)).filter((id): id is string => Boolean(id)));
  const scope = await studentsInScope(
    deps,
    await directoryScopeOf(deps, teacherId),
    users.map((u) => u.userId),
  );
  const times = await deps.availability.userTimes(users.filter((u) => verified.has(u.userId)).map((u) => u.userId));
  for (const u of users) {
    if (verified.has(u.userId)) existing_students[u.email] = { user_id: u.userId, name: u.name, available_times: times.get(u.userId) ?? {} };
    else if (linked.has(u.userId) || memberEmails.has(u.email) || scope.has(u.userId)) {
      existing_students[u.email] = { user_id: u.userId, name: u.name, available_times: {} };
    }
  }
  return { existing_students };
}

/**
 * POST students/join-class: a verified membership (the student used the code). An unverified
 * membership of the same student is verified instead, and an unregistered row with the student's
 * e-mail is taken over, so no second row appears.
 */
export async function joinClass(
  deps: Deps,
  user: SessionUser,
  body: { register_shortcut: string; duration?: number | string | null | undefined },
): Promise<{ class_name: string; class_id: string; member_id: string }> {
  const code = normalizeJoinCode(body.register_shortcut);
  const dur = duration(body.duration, DEFAULT_DURATION);
  const c = await deps.data.classes.findByShortcut(code);
  if (!c) throw AppError.notFound(MSG.codeUnknown);
  const dir = await deps.data.directory.findUser(user.userId);
  const name = dir?.name || user.name || user.email;
  const email = (dir?.email || user.email || '').toLowerCase() || null;
  const memberId = await deps.data.transaction(async (tx) => {
    await lockOwnedClass(tx.classes, c.classId, null);
    const own = await tx.members.findInClassByUser(c.classId, user.userId);
    if (own) {
      if (own.studentId) throw AppError.conflict(MSG.alreadyJoined);
      await tx.members.update(own.memberId, { studentId: user.userId });
      return own.memberId;
    }
    const unregistered = email ? await tx.members.findUnregisteredInClassByEmail(c.classId, email) : null;
    if (unregistered) {
      await tx.members.update(unregistered.memberId, { userId: user.userId, studentId: user.userId, name, email });
      await tx.emit(Topic.MemberLinked, c.classId, { class_id: c.classId, member_id: unregistered.memberId, user_id: user.userId });
      return unregistered.memberId;
    }
    if ((await tx.members.countOfClass(c.classId)) >= MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
    const m = await tx.members.create({ memberId: randomUUID(), classId: c.classId, userId: user.userId, studentId: user.userId, name, email, duration: dur });
    await tx.emit(Topic.MemberAdded, c.classId, memberAddedPayload(m));
    return m.memberId;
  });
  deps.kick();
  return { class_name: c.name, class_id: c.classId, member_id: memberId };
}

/** Own membership only: unknown, not in that class or someone else's -> the same 404 (no existence oracle). */
async function ownMembership(deps: Deps, userId: string, memberIdRaw: unknown, classIdRaw?: unknown) {
  const memberId = idOrNotFound(memberIdRaw, MSG.membershipNotFound);
  const m = await deps.data.members.findByIdWithClass(memberId);
  if (!m) throw AppError.notFound(MSG.membershipNotFound);
  if (classIdRaw !== undefined && m.classId !== idOrNotFound(classIdRaw, MSG.membershipNotFound)) throw AppError.notFound(MSG.membershipNotFound);
  if (m.userId !== userId) throw AppError.notFound(MSG.membershipNotFound);
  return m;
}

/** POST students/verify-class: the student confirms a membership someone else created (student_id = own id). */
export async function verifyClass(deps: Deps, user: SessionUser, body: { class_id: string; member_id: string }): Promise<{ class_name: string }> {
  const m = await ownMembership(deps, user.userId, body.member_id, body.class_id);
  if (!m.studentId) await deps.data.members.update(m.memberId, { studentId: user.userId });
  return { class_name: m.class.name };
}

/** DELETE students/leave-class/{memberId}: removes the own membership. */
export async function leaveClass(deps: Deps, user: SessionUser, memberIdRaw: unknown): Promise<{ class_name: string }> {
  const m = await ownMembership(deps, user.userId, memberIdRaw);
  await deps.data.transaction(async (tx) => {
    if (!(await tx.members.deleteOfUser(m.memberId, user.userId))) throw AppError.notFound(MSG.membershipNotFound);
    await tx.emit(Topic.MemberRemoved, m.classId, { class_id: m.classId, member_id: m.memberId, user_id: m.userId });
  });
  deps.kick();
  return { class_name: m.class.name };
}
