import { AppError, Topic, type SessionUser } from '@stundenplan/base';
import type { Membership } from '../clients/classes-client.js';
import type { UserRow } from '../data/user-repository.js';
import type { AuthDeps } from './deps.js';
import { MSG } from './messages.js';
import { ROLE_STUDENT } from './registration-rules.js';
import { roleOf } from './session-tokens.js';

/** The signed-in user's row; a session of a deleted account counts as logged out. */
export async function currentUser(deps: AuthDeps, session: SessionUser): Promise<UserRow> {
  const user = await deps.users.findById(session.userId);
  if (!user) throw AppError.unauthorized(MSG.notLoggedIn);
  return user;
}

/** docs/product/data.md Profile: each class is a membership with a nested classes object. */
function membershipView(m: Membership) {
  const member = m.member;
  const info = m.classInfo;
  const classId = info?.classId || member?.classId || '';
  return {
    duration: member?.duration || null,
    member_id: member?.memberId ?? '',
    student_id: member?.studentId || null,
    class_id: classId,
    classes: { name: info?.name || null, class_id: classId },
    teacher_name: info?.teacherName || null,
    institution: info?.institutionName || null,
    /** Last day for the times (YYYY-MM-DD, Europe/Berlin) or null, and whether changes stay open after it. */
    deadline: info?.deadline || null,
    allow_late_changes: info?.allowLateChanges ?? false,
  };
}

/** GET /api/profile. Memberships come from the classes service; when it is down the profile still answers (classes: []). */
export async function getProfile(deps: AuthDeps, session: SessionUser) {
  const user = await currentUser(deps, session);
  let classes: ReturnType<typeof membershipView>[] = [];
  if (user.roleId === ROLE_STUDENT) {
    try {
      classes = (await deps.classes.memberships(user.id)).map(membershipView);
    } catch (e) {
      deps.log.warn({ err: (e as Error).message, userId: user.id }, 'profile without memberships: classes service failed');
    }
  }
  return {
    user_id: user.id,
    name: user.name,
    email: user.email,
    role: roleOf(user.roleId),
    role_id: user.roleId,
    duration: user.duration,
    profilePicture: user.profilePicture,
    institution: user.institution ? { id: user.institution.id, name: user.institution.name } : null,
    created_at: user.createdAt.toISOString(),
    classes,
  };
}

/**
 * DELETE /api/me: the user row and with it every session row go in one transaction (PostgreSQL is the
 * truth: a token of a deleted user is refused after any restart), then the store learns it, and
 * user.deleted.v1 tells the other services to drop their data of this user.
 */
export async function deleteAccount(deps: AuthDeps, session: SessionUser): Promise<{ message: string }> {
  const user = await currentUser(deps, session);
  await deps.users.deleteUser(user.id, [{ topic: Topic.UserDeleted, key: user.id, payload: { user_id: user.id, email: user.email, role_id: user.roleId } }]);
  await deps.sessions.markUserRevoked(user.id);
  await deps.sessions.markSessionRevoked(session.sessionId);
  deps.kickOutbox();
  deps.log.info({ userId: user.id }, 'account deleted');
  return { message: MSG.accountDeleted };
}
