import { AppError, hitRateLimit, Topic } from '@stundenplan/base';
import type { UserRow } from '../data/user-repository.js';
import type { AuthDeps } from './deps.js';
import { newEmailToken, TOKEN_TTL_MS } from './email-tokens.js';
import { confirmLink } from './links.js';
import { confirmationMail } from './mail-templates.js';
import { MSG } from './messages.js';
import { verifyPassword } from './passwords.js';
import { normaliseEmail } from './registration-rules.js';
import type { IssuedSession } from './session-tokens.js';

function credentials(body: unknown): { email: string; password: string } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof b.email !== 'string' || !b.email.trim() || typeof b.password !== 'string' || !b.password) throw AppError.badRequest(MSG.loginInput);
  return { email: normaliseEmail(b.email), password: b.password };
}

/** SPEC §8: unknown address 404 'User not found', wrong password 401 'Invalid credentials'. */
async function checkCredentials(deps: AuthDeps, body: unknown): Promise<UserRow> {
  const { email, password } = credentials(body);
  const user = await deps.users.findByEmail(email);
  if (!user) throw AppError.notFound(MSG.userNotFound);
  if (!(await verifyPassword(password, user.passwordHash))) throw AppError.unauthorized(MSG.invalidCredentials);
  return user;
}

/** Correct password but unconfirmed address: 403 'Email not confirmed' (the web offers to resend the link). */
export async function login(deps: AuthDeps, body: unknown): Promise<{ user: UserRow; session: IssuedSession }> {
  const user = await checkCredentials(deps, body);
  if (!user.emailConfirmedAt) throw AppError.forbidden(MSG.emailNotConfirmed);
  const session = await deps.sessions.issue({ id: user.id, roleId: user.roleId, email: user.email, name: user.name });
  deps.log.info({ userId: user.id }, 'login');
  return { user, session };
}

/**
 * resend-confirmation checks the password like login does, so it must not become a way around the
 * gateway's login limits (password guessing) nor a way to flood someone's inbox: per account at most
 * RESEND_LIMIT calls per window, then 429 with wait_time in seconds (the shape of the gateway's 429).
 */
export const RESEND_LIMIT = { limit: 5, windowSeconds: 600 } as const;

async function limitResend(deps: AuthDeps, email: string): Promise<void> {
  const hit = await hitRateLimit(deps.store, `resend-confirmation:acc:${email}`, RESEND_LIMIT.limit, RESEND_LIMIT.windowSeconds);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', MSG.resendLimited, { extra: { wait_time: hit.waitSeconds } });
}

/** A new confirmation link, only for whoever knows the password. Older links stay valid until they expire. */
export async function resendConfirmation(deps: AuthDeps, body: unknown): Promise<{ message: string }> {
  await limitResend(deps, credentials(body).email);
  const user = await checkCredentials(deps, body);
  if (user.emailConfirmedAt) throw AppError.badRequest(MSG.alreadyConfirmed);
  const { token, hash } = newEmailToken();
  const mail = confirmationMail({ to: user.email, name: user.name, link: confirmLink(deps.cfg.PUBLIC_BASE_URL, token), resent: true });
  await deps.users.addToken(user.id, { purpose: 'confirm', hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS.confirm) }, [
    { topic: Topic.MailRequested, key: user.id, payload: mail },
  ]);
  deps.kickOutbox();
  return { message: MSG.resent };
}
