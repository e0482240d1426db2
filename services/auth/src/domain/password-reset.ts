import { AppError, Topic, type OutboxEvent } from '@stundenplan/base';
import { limitAccount } from './account-limits.js';
import type { AuthDeps } from './deps.js';
import { hashToken, looksLikeToken, newEmailToken, TOKEN_TTL_MS } from './email-tokens.js';
import { resetLink } from './links.js';
import { passwordResetMail } from './mail-templates.js';
import { MSG } from './messages.js';
import { hashPassword } from './passwords.js';
import { isValidEmail, isValidPassword, normaliseEmail } from './registration-rules.js';

/**
 * Always the same neutral answer, whether or not the account exists (no enumeration). At most
 * ACCOUNT_LIMITS.forgotPassword requests per address and hour (429 with wait_time), known or not.
 */
export async function forgotPassword(deps: AuthDeps, b: { email: string; redirectTo?: string | undefined }): Promise<{ message: string }> {
  if (!isValidEmail(b.email)) throw AppError.badRequest(MSG.email);
  const email = normaliseEmail(b.email);
  await limitAccount(deps.store, 'forgotPassword', email);
  const user = await deps.users.findByEmail(email);
  if (user) {
    const { token, hash } = newEmailToken();
    const mail = passwordResetMail({ to: user.email, name: user.name, link: resetLink(deps.cfg.PUBLIC_BASE_URL, token, b.redirectTo) });
    await deps.users.addToken(user.id, { purpose: 'reset', hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS.reset) }, [
      // A confirmed account's address has the higher daily limit per recipient (docs/product/limits.md).
      { topic: Topic.MailRequested, key: user.id, payload: user.emailConfirmedAt ? { ...mail, to_confirmed: true } : mail },
    ]);
    deps.kickOutbox();
    deps.log.info({ userId: user.id }, 'password reset requested');
  }
  return { message: MSG.forgotNeutral };
}

/** The unused, unexpired reset token row, else 400 'Ungültiger Link'. */
async function activeResetToken(deps: AuthDeps, token: string, now = new Date()) {
  const row = await deps.users.findToken(hashToken(token), 'reset');
  if (!row || row.usedAt || row.expiresAt <= now) throw AppError.badRequest(MSG.invalidLink);
  return row;
}

/**
 * POST /api/auth/check-reset-token {token}: lets /update-password say 'Ungültiger Link' as soon as it
 * opens (docs/product/accounts.md) instead of after the user typed a new password. Changes nothing.
 */
export async function checkResetToken(deps: AuthDeps, body: { token: string }): Promise<{ valid: true }> {
  const token = body.token.trim();
  if (!looksLikeToken(token)) throw AppError.badRequest(MSG.invalidLink);
  await activeResetToken(deps, token);
  return { valid: true };
}

/**
 * POST /api/auth/update-password {token, password}: a reset token works once within 60 minutes.
 * Afterwards every existing session of the user is refused everywhere, and the user's calendar
 * subscription link stops working (user.password-reset.v1, handled by the notification service).
 */
export async function updatePassword(deps: AuthDeps, body: { token: string; password: string }): Promise<{ message: string; userId: string }> {
  const token = body.token.trim();
  const password = body.password;
  if (!looksLikeToken(token)) throw AppError.badRequest(MSG.invalidLink);
  if (!isValidPassword(password)) throw AppError.badRequest(MSG.password);
  const now = new Date();
  const row = await activeResetToken(deps, token, now);
  const passwordHash = await hashPassword(password);
  // The other services end what they keep for the old holder (the calendar subscription link) on user.password-reset.v1.
  const reset: OutboxEvent[] = [{ topic: Topic.UserPasswordReset, key: row.userId, payload: { user_id: row.userId } }];
  if (!(await deps.users.resetPassword(row.id, row.userId, passwordHash, now, reset))) throw AppError.badRequest(MSG.invalidLink);
  deps.kickOutbox();
  // The sessions table was updated in the same transaction; now the store every verifier reads first.
  await deps.sessions.markUserRevoked(row.userId);
  deps.log.info({ userId: row.userId }, 'password updated, sessions revoked');
  return { message: MSG.passwordUpdated, userId: row.userId };
}
