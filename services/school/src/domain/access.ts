import { AppError, isUuid, type SessionUser } from '@stundenplan/base';
import type { SchoolRow } from '../data/school-repository.js';
import type { Deps } from './deps.js';
import { MSG } from './messages.js';

export type SchoolRole = 'admin' | 'teacher';

/** Who asks: a signed-in person, or the teacher a service asks for. */
export type Caller = Pick<SessionUser, 'userId' | 'role'>;

export interface SchoolAccess {
  school: SchoolRow;
  role: SchoolRole;
}

/**
 * The caller's role at the school: its administrator, or a teacher of its institution. Anybody else (a student,
 * another institution's teacher) and an unknown school get the same 404, so a school's existence is not revealed.
 */
export async function schoolAccess(deps: Deps, user: Caller, schoolId: string): Promise<SchoolAccess> {
  const school = isUuid(schoolId) ? await deps.schools.find(schoolId) : null;
  if (!school) throw AppError.notFound(MSG.schoolNotFound);
  if (await deps.schools.isAdmin(school.id, user.userId)) return { school, role: 'admin' };
  if (user.role === 'teacher') {
    const account = await deps.accounts.findAccount({ userId: user.userId });
    if (account?.role === 'teacher' && account.institutionId === school.id) return { school, role: 'teacher' };
  }
  throw AppError.notFound(MSG.schoolNotFound);
}

/** The school, when the caller is one of its administrators; its teachers get 403, anybody else 404. */
export async function assertSchoolAdmin(deps: Deps, user: Caller, schoolId: string): Promise<SchoolRow> {
  const access = await schoolAccess(deps, user, schoolId);
  if (access.role !== 'admin') throw AppError.forbidden(MSG.adminOnly);
  return access.school;
}
