import { AppError, isUuid } from '@stundenplan/base';
import type { MembershipRow } from '../data/member-repository.js';
import type { Class, Member } from '../generated/prisma/client.js';
import { assertOwnsClass } from './classes.js';
import type { Deps } from './context.js';
import { MSG } from './messages.js';

/** Reads other services ask for over gRPC. */

/** Class by id; with a teacher id the same ownership rule as HTTP (404 for foreign and unknown classes alike). */
export async function findClass(deps: Deps, classIdRaw: string, teacherId: string): Promise<Class> {
  if (!isUuid(classIdRaw)) throw AppError.notFound(MSG.classNotFound);
  const classId = classIdRaw.toLowerCase();
  if (teacherId) return assertOwnsClass(deps.data.classes, classId, teacherId);
  const c = await deps.data.classes.findById(classId);
  if (!c) throw AppError.notFound(MSG.classNotFound);
  return c;
}

/**
 * The members of a class, oldest first; with a teacher id only for the owner (404 otherwise), so a
 * caller needs no separate ownership question. Owner and members in one statement.
 */
export async function listClassMembers(deps: Deps, classIdRaw: string, teacherId: string): Promise<Member[]> {
  if (!isUuid(classIdRaw)) throw AppError.notFound(MSG.classNotFound);
  const found = await deps.data.members.classWithMembers(classIdRaw.toLowerCase());
  if (!found || (teacherId && found.teacherId !== teacherId)) throw AppError.notFound(MSG.classNotFound);
  return found.members;
}

/** A member by id, optionally only within one class. */
export async function findMember(deps: Deps, memberIdRaw: string, classIdRaw: string): Promise<Member> {
  if (!isUuid(memberIdRaw)) throw AppError.notFound(MSG.memberNotFound);
  const m = await deps.data.members.findById(memberIdRaw.toLowerCase());
  if (!m || (classIdRaw && m.classId !== classIdRaw.toLowerCase())) throw AppError.notFound(MSG.memberNotFound);
  return m;
}

/** A user's memberships with class and teacher (asked on every save of a student's times). */
export function listMemberships(deps: Deps, userId: string): Promise<MembershipRow[]> {
  if (!userId) throw AppError.badRequest('user_id fehlt');
  return deps.data.members.membershipsOfUser(userId);
}
