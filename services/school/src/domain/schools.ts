import { AppError, type SessionUser } from '@stundenplan/base';
import type { AdminRow, SchoolRow } from '../data/school-repository.js';
import type { Deps } from './deps.js';
import { MSG } from './messages.js';

export interface MySchool extends SchoolRow {
  role: 'admin' | 'teacher';
}

/** GET /api/schools/mine: schools the caller administers, and the school of their account's institution. */
export async function mySchools(deps: Deps, user: SessionUser): Promise<{ schools: MySchool[] }> {
  const schools: MySchool[] = (await deps.schools.administeredBy(user.userId)).map((s) => ({ ...s, role: 'admin' }));
  if (user.role === 'teacher') {
    const account = await deps.accounts.findAccount({ userId: user.userId });
    const own = account?.institutionId && !schools.some((s) => s.id === account.institutionId) ? await deps.schools.find(account.institutionId) : null;
    if (own) schools.push({ ...own, role: 'teacher' });
  }
  return { schools };
}

const adminView = (a: AdminRow) => ({ user_id: a.userId, name: a.name, email: a.email });

export async function listAdmins(deps: Deps, school: SchoolRow) {
  return { admins: (await deps.schools.admins(school.id)).map(adminView) };
}

/** An administrator adds another teacher's account (any institution: an office may use its own accounts). */
export async function addAdminByEmail(deps: Deps, school: SchoolRow, email: string) {
  const address = email.trim().toLowerCase();
  if (!address || address.length > 254) throw AppError.badRequest(MSG.adminEmail);
  const account = await deps.accounts.findAccount({ email: address });
  if (!account || account.role !== 'teacher') throw AppError.badRequest(MSG.adminNoTeacher(address));
  const admin = { userId: account.userId, name: account.name, email: account.email };
  const added = await deps.schools.addAdmin(school, admin);
  return { admin: adminView(admin), message: added ? MSG.adminAdded : MSG.adminAlready };
}

/** The operator's command (gRPC AddAdministrator): the institution's school is created with its first administrator. */
export async function addAdministrator(deps: Deps, institutionId: string, email: string) {
  const name = await deps.accounts.institutionName(institutionId);
  if (!name) throw AppError.notFound(MSG.institutionUnknown(institutionId));
  const address = email.trim().toLowerCase();
  const account = address ? await deps.accounts.findAccount({ email: address }) : null;
  if (!account) throw AppError.notFound(MSG.accountUnknown(address));
  if (account.role !== 'teacher') throw AppError.badRequest(MSG.accountIsStudent(address));
  const school = (await deps.schools.find(institutionId)) ?? { id: institutionId, name };
  const added = await deps.schools.addAdmin(school, { userId: account.userId, name: account.name, email: account.email });
  return { school, account, added };
}
