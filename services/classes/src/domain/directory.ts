import { isAppError, Topic, type UserDeletedPayload, type UserRegisteredPayload } from '@stundenplan/base';
import type { Deps } from './context.js';
import { findClassByShortcut, enrolFromRegistration } from './registration.js';

/** Insert or update the replica row of a registered account. */
async function upsertDirectory(deps: Deps, p: UserRegisteredPayload): Promise<void> {
  await deps.data.directory.upsertUser({
    userId: p.user_id,
    name: p.name,
    email: p.email.trim().toLowerCase(),
    roleId: p.role_id,
    duration: p.duration || null,
    institutionId: p.institution_id,
    institutionName: p.institution_name,
  });
}

/** user.registered.v1: directory row, then the membership of a registration with a class code. */
export async function onUserRegistered(deps: Deps, p: UserRegisteredPayload): Promise<void> {
  await upsertDirectory(deps, p);
  const code = p.register_shortcut;
  if (!code || p.role_id !== 1) return;
  const userId = p.user_id;
  const cls = await findClassByShortcut(deps, code);
  if (!cls) {
    deps.log.warn({ userId, code }, 'registration with an unknown class code; no membership created');
    return;
  }
  try {
    await enrolFromRegistration(deps, cls.classId, p.member_id ?? undefined, { userId, name: p.name, email: p.email, duration: p.duration });
  } catch (e) {
    // A full class cannot refuse a registration that already happened: log, do not retry.
    if (isAppError(e) && (e.code === 'BAD_REQUEST' || e.code === 'NOT_FOUND')) {
      deps.log.warn({ userId, classId: cls.classId, detail: e.detail }, 'registration membership not created');
      return;
    }
    throw e;
  }
}

/** user.deleted.v1: directory row, the user's memberships and the classes the user taught. */
export async function onUserDeleted(deps: Deps, p: UserDeletedPayload): Promise<void> {
  const userId = p.user_id;
  await deps.data.transaction(async (tx) => {
    // Directory scope and invitation history of the account go with it (DSGVO).
    await tx.directory.deleteUser(userId);
    await tx.mailLog.deleteOfTeacher(userId);
    const memberships = await tx.members.listOfUser(userId);
    for (const m of memberships) {
      await tx.members.delete(m.memberId);
      await tx.emit(Topic.MemberRemoved, m.classId, { class_id: m.classId, member_id: m.memberId, user_id: userId });
    }
    const classes = await tx.classes.listOfTeacher(userId);
    for (const c of classes) {
      await tx.classes.delete(c.classId);
      await tx.emit(Topic.ClassDeleted, c.classId, { class_id: c.classId, teacher_id: userId });
    }
  });
  deps.kick();
}
