import { AppError } from '@stundenplan/base';
import type { AuthDeps } from './deps.js';
import { hashToken, looksLikeToken } from './email-tokens.js';
import { MSG } from './messages.js';

/**
 * POST /api/auth/confirm-email {token}: the page /confirm-email?token=… (link in the mail) calls it.
 * Opening the same link again after it worked answers 200 "already confirmed" instead of an error.
 */
export async function confirmEmail(deps: AuthDeps, body: { token: string }): Promise<{ message: string }> {
  const token = body.token;
  if (!token.trim()) throw AppError.badRequest(MSG.tokenMissing);
  if (!looksLikeToken(token.trim())) throw AppError.badRequest(MSG.confirmInvalid);
  const row = await deps.users.findToken(hashToken(token.trim()), 'confirm');
  if (!row) throw AppError.badRequest(MSG.confirmInvalid);
  if (row.usedAt) {
    if (row.user.emailConfirmedAt) return { message: MSG.alreadyConfirmed };
    throw AppError.badRequest(MSG.confirmInvalid);
  }
  const now = new Date();
  if (row.expiresAt <= now) {
    if (row.user.emailConfirmedAt) return { message: MSG.alreadyConfirmed };
    throw AppError.badRequest(MSG.confirmInvalid);
  }
  if (!(await deps.users.confirmEmail(row.id, row.userId, now))) {
    // Lost a race with a second click: fine if the address is confirmed now.
    const user = await deps.users.findById(row.userId);
    if (user?.emailConfirmedAt) return { message: MSG.alreadyConfirmed };
    throw AppError.badRequest(MSG.confirmInvalid);
  }
  deps.log.info({ userId: row.userId }, 'e-mail confirmed');
  return { message: MSG.confirmed };
}
