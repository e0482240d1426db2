import { AppError } from '@stundenplan/base';
import type { InstitutionRow } from '../data/institution-repository.js';
import type { UserRow } from '../data/user-repository.js';
import type { AuthDeps } from './deps.js';

/** An account by id, or else by address (any case), for another service; NOT_FOUND when there is none. */
export async function findAccount(deps: Pick<AuthDeps, 'users'>, by: { userId: string; email: string }): Promise<UserRow> {
  const user = by.userId ? await deps.users.findById(by.userId) : await deps.users.findByEmail(by.email.trim().toLowerCase());
  if (!user) throw AppError.notFound('account not found');
  return user;
}

/** An institution by id for another service; NOT_FOUND when there is none. */
export async function findInstitution(deps: Pick<AuthDeps, 'institutions'>, id: string): Promise<InstitutionRow> {
  const found = await deps.institutions.find(id);
  if (!found) throw AppError.notFound('institution not found');
  return found;
}
