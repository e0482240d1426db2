import { randomUUID } from 'node:crypto';
import { AppError, isUuid, Topic } from '@stundenplan/base';
import { isAllowedDuration } from '@stundenplan/timegrid';
import type { Class, Member } from '../generated/prisma/client.js';
import type { Deps } from './context.js';
import { memberAddedPayload } from './dto.js';
import { lockOwnedClass } from './classes.js';
import { MSG } from './messages.js';
import { normalizeLookupCode } from './register-shortcut.js';
import { DEFAULT_DURATION, MAX_MEMBERS_PER_CLASS } from './validation.js';

/** Class plus the teacher's name and institution from the directory (docs/product/data.md Registration shortcut info). */
export interface ClassWithTeacher {
  cls: Class;
  teacherName: string | null;
  /** For mails to the teacher about the class's lessons (notification); absent in membership lists. */
  teacherEmail?: string | null;
  institutionName: string | null;
  institutionId: string | null;
}

export async function withTeacher(deps: Deps, cls: Class): Promise<ClassWithTeacher> {
  const t = await deps.data.directory.findUser(cls.teacherId);
  return {
    cls,
    teacherName: t?.name || null,
    teacherEmail: t?.email || null,
    institutionName: t?.institutionName ?? null,
    institutionId: t?.institutionId ?? null,
  };
}

export async function findClassByShortcut(deps: Deps, raw: unknown): Promise<Class | null> {
  const code = normalizeLookupCode(raw);
  if (!code) return null;
  return deps.data.classes.findByShortcut(code);
}

async function unregisteredMember(deps: Deps, classId: string, memberId: unknown): Promise<Member | null> {
  if (!isUuid(memberId)) return null;
  const m = await deps.data.members.findById(memberId.toLowerCase());
  return m && m.classId === classId && !m.userId ? m : null;
}

/**
 * GET auth/validate-register-shortcut/{shortcut} (public). With a memberId (query `memberId` or
 * `member_id`, or the `&memberId=` suffix of the path) of an unregistered member of that class, the
 * member's name, e-mail and duration are included for prefilling.
 */
export async function validateRegisterShortcut(deps: Deps, shortcutRaw: unknown, memberIdRaw: unknown) {
  const cls = await findClassByShortcut(deps, shortcutRaw);
  if (!cls) throw AppError.notFound(MSG.shortcutInvalid);
  const info = await withTeacher(deps, cls);
  let memberId = memberIdRaw;
  if (!memberId && typeof shortcutRaw === 'string') memberId = /[&?]memberId=([0-9a-fA-F-]{36})/.exec(shortcutRaw)?.[1];
  const m = await unregisteredMember(deps, cls.classId, memberId);
  return {
    valid: true,
    class_id: cls.classId,
    teacher_name: info.teacherName,
    institution_name: info.institutionName,
    institution_id: info.institutionId,
    class_name: cls.name,
    class_description: cls.description,
    name: m?.name ?? null,
    email: m?.email ?? null,
    duration: m?.duration ?? null,
  };
}

/** GET auth/validate-member-id?member_id=&class_id= (public): only unregistered members are valid. */
export async function validateMemberId(deps: Deps, memberIdRaw: unknown, classIdRaw: unknown) {
  if (!isUuid(classIdRaw)) throw AppError.notFound(MSG.memberIdInvalid);
  const m = await unregisteredMember(deps, classIdRaw.toLowerCase(), memberIdRaw);
  if (!m) throw AppError.notFound(MSG.memberIdInvalid);
  return { valid: true, name: m.name, email: m.email, duration: m.duration };
}

export interface RegisteredUser {
  userId: string;
  name: string;
  email: string;
  duration?: number | null;
}

/**
 * A student registered with a class code (user.registered.v1).
 * - memberId of an unregistered member of that class: that row is linked to the user and verified
 *   (registering through the invitation link is the student's own confirmation);
 * - otherwise an unregistered row with the user's e-mail is taken over the same way;
 * - otherwise a new verified membership (the student used the code), within the 99 limit.
 * Idempotent: a user who is already a member keeps that row (an unverified one becomes verified).
 */
export async function enrolFromRegistration(deps: Deps, classId: string, memberId: unknown, user: RegisteredUser): Promise<Member> {
  const email = user.email.trim().toLowerCase();
  const result = await deps.data.transaction(async (tx) => {
    await lockOwnedClass(tx.classes, classId, null);
    const own = await tx.members.findInClassByUser(classId, user.userId);
    if (own) return own.studentId ? own : tx.members.update(own.memberId, { studentId: user.userId });
    let target: Member | null = null;
    if (isUuid(memberId)) {
      const m = await tx.members.findById(memberId.toLowerCase());
      if (m && m.classId === classId && !m.userId) target = m;
    }
    target ??= email ? await tx.members.findUnregisteredInClassByEmail(classId, email) : null;
    if (target) {
      const linked = await tx.members.update(target.memberId, {
        userId: user.userId,
        studentId: user.userId,
        name: user.name || target.name,
        email: email || target.email,
      });
      await tx.emit(Topic.MemberLinked, classId, { class_id: classId, member_id: linked.memberId, user_id: user.userId });
      return linked;
    }
    if ((await tx.members.countOfClass(classId)) >= MAX_MEMBERS_PER_CLASS) throw AppError.badRequest(MSG.maxMembers);
    const m = await tx.members.create({
      memberId: randomUUID(),
      classId,
      userId: user.userId,
      studentId: user.userId,
      name: user.name || email,
      email: email || null,
      duration: isAllowedDuration(user.duration) ? user.duration : DEFAULT_DURATION,
    });
    await tx.emit(Topic.MemberAdded, classId, memberAddedPayload(m));
    return m;
  });
  deps.kick();
  return result;
}
