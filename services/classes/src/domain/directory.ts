import { AppError, isAppError, Topic } from '@stundenplan/base';
import type { Deps } from './context.js';
import { findClassByShortcut, enrolFromRegistration } from './registration.js';

/** Payloads of the auth service's user events (snake_case; camelCase tolerated). */
export interface UserEventPayload {
  user_id?: string;
  name?: string;
  email?: string;
  role_id?: number;
  duration?: number | null;
  institution_id?: string | number | null;
  institution_name?: string | null;
  register_shortcut?: string | null;
  member_id?: string | null;
  [k: string]: unknown;
}

const pick = <T>(p: UserEventPayload, snake: string, camel: string): T | undefined => (p[snake] ?? p[camel]) as T | undefined;

function userIdOf(p: UserEventPayload): string {
  const id = pick<string | number>(p, 'user_id', 'userId');
  if (id === undefined || id === null || String(id) === '') throw AppError.badRequest('user event without user_id');
  return String(id);
}

/** Insert or update the replica row; fields missing from the payload keep their value. */
export async function upsertDirectory(deps: Deps, p: UserEventPayload): Promise<void> {
  const userId = userIdOf(p);
  const name = pick<string>(p, 'name', 'name');
  const emailRaw = pick<string>(p, 'email', 'email');
  const email = typeof emailRaw === 'string' ? emailRaw.trim().toLowerCase() : undefined;
  const roleId = pick<number>(p, 'role_id', 'roleId');
  const duration = pick<number | null>(p, 'duration', 'duration');
  const instId = pick<string | number | null>(p, 'institution_id', 'institutionId');
  const instName = pick<string | null>(p, 'institution_name', 'institutionName');
  const data = {
    ...(typeof name === 'string' ? { name } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(roleId !== undefined && roleId !== null ? { roleId: Number(roleId) } : {}),
    ...(duration !== undefined ? { duration: duration === null ? null : Number(duration) || null } : {}),
    ...(instId !== undefined ? { institutionId: instId === null ? null : String(instId) } : {}),
    ...(instName !== undefined ? { institutionName: instName } : {}),
  };
  await deps.data.directory.upsertUser({ userId, ...data });
}

/** user.registered.v1: directory row, then the membership of a registration with a class code. */
export async function onUserRegistered(deps: Deps, p: UserEventPayload): Promise<void> {
  await upsertDirectory(deps, p);
  const code = pick<string>(p, 'register_shortcut', 'registerShortcut');
  const roleId = Number(pick<number>(p, 'role_id', 'roleId') ?? 1);
  if (!code || roleId !== 1) return;
  const userId = userIdOf(p);
  const cls = await findClassByShortcut(deps, code);
  if (!cls) {
    deps.log.warn({ userId, code }, 'registration with an unknown class code; no membership created');
    return;
  }
  try {
    await enrolFromRegistration(deps, cls.classId, pick<string>(p, 'member_id', 'memberId'), {
      userId,
      name: String(p.name ?? ''),
      email: String(p.email ?? ''),
      duration: pick<number>(p, 'duration', 'duration') ?? null,
    });
  } catch (e) {
    // A full class cannot refuse a registration that already happened: log, do not retry.
    if (isAppError(e) && (e.code === 'BAD_REQUEST' || e.code === 'NOT_FOUND')) {
      deps.log.warn({ userId, classId: cls.classId, detail: e.detail }, 'registration membership not created');
      return;
    }
    throw e;
  }
}

/** user.updated.v1: directory row; linked memberships follow the account's name and e-mail. */
export async function onUserUpdated(deps: Deps, p: UserEventPayload): Promise<void> {
  await upsertDirectory(deps, p);
  const userId = userIdOf(p);
  const data = {
    ...(typeof p.name === 'string' && p.name ? { name: p.name } : {}),
    ...(typeof p.email === 'string' && p.email ? { email: p.email.trim().toLowerCase() } : {}),
  };
  if (Object.keys(data).length) await deps.data.members.updateAllOfUser(userId, data);
}

/** user.deleted.v1: directory row, the user's memberships and the classes the user taught. */
export async function onUserDeleted(deps: Deps, p: UserEventPayload): Promise<void> {
  const userId = userIdOf(p);
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
