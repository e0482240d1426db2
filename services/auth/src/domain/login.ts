import { AppError, Topic } from '@stundenplan/base';
import type { UserRow } from '../data/user-repository.js';
import { ACCOUNT_LIMITS, limitAccount, limitLogin } from './account-limits.js';
import type { AuthDeps } from './deps.js';
import { newEmailToken, TOKEN_TTL_MS } from './email-tokens.js';
import { confirmLink } from './links.js';
import { confirmationMail } from './mail-templates.js';
import { assertRecipientWithinLimit } from './recipient-limit.js';
import { MSG } from './messages.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { normaliseEmail } from './registration-rules.js';
import type { IssuedSession } from './session-tokens.js';

export interface Credentials {
  email: string;
  password: string;
}

/** The body as the contract gives it (packages/contracts auth.login); blank fields are refused here. */
function credentials(b: Credentials): Credentials {
  if (!b.email.trim() || !b.password) throw AppError.badRequest(MSG.loginInput);
  return { email: normaliseEmail(b.email), password: b.password };
}

/**
 * Unknown address and wrong password answer alike: 401 'Invalid credentials' (docs/product/accounts.md Login),
 * so the login does not tell whether an account exists. An unknown address still costs one scrypt comparison
 * (against a dummy hash), so the answer time does not tell either.
 */
async function checkCredentials(deps: AuthDeps, credentials: { email: string; password: string }): Promise<UserRow> {
  const user = await deps.users.findByEmail(credentials.email);
  if (!user) {
    await verifyPassword(credentials.password, await dummyPasswordHash());
    throw AppError.unauthorized(MSG.invalidCredentials);
  }
  if (!(await verifyPassword(credentials.password, user.passwordHash))) throw AppError.unauthorized(MSG.invalidCredentials);
  return user;
}

/**
 * Correct password but unconfirmed address: 403 'Email not confirmed' (the web offers to resend the link).
 * Limited per account and client address (LOGIN_LIMIT), counted before the password is checked.
 */
export async function login(deps: AuthDeps, body: Credentials, clientAddress: string): Promise<{ user: UserRow; session: IssuedSession }> {
  const input = credentials(body);
  await limitLogin(deps.store, input.email, clientAddress);
  const user = await checkCredentials(deps, input);
  if (!user.emailConfirmedAt) throw AppError.forbidden(MSG.emailNotConfirmed);
  const session = await deps.sessions.issue({ id: user.id, roleId: user.roleId, email: user.email, name: user.name });
  deps.log.info({ userId: user.id }, 'login');
  return { user, session };
}

/**
 * resend-confirmation checks the password like login does, so it must not become a way around the
 * login limits (password guessing) nor a way to flood someone's inbox: per account at most
 * RESEND_LIMIT calls per window, then 429 with wait_time in seconds (the shape of the gateway's 429).
 */
export const RESEND_LIMIT = ACCOUNT_LIMITS.resendConfirmation;

/** A new confirmation link, only for whoever knows the password. Older links stay valid until they expire. */
export async function resendConfirmation(deps: AuthDeps, body: Credentials): Promise<{ message: string }> {
  const input = credentials(body);
  await limitAccount(deps.store, 'resendConfirmation', input.email);
  const user = await checkCredentials(deps, input);
  if (user.emailConfirmedAt) throw AppError.badRequest(MSG.alreadyConfirmed);
  await assertRecipientWithinLimit(deps, user.email, false);
  const { token, hash } = newEmailToken();
  const mail = confirmationMail({ to: user.email, name: user.name, link: confirmLink(deps.cfg.PUBLIC_BASE_URL, token), resent: true });
  await deps.users.addToken(user.id, { purpose: 'confirm', hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS.confirm) }, [
    { topic: Topic.MailRequested, key: user.id, payload: mail },
  ]);
  deps.kickOutbox();
  return { message: MSG.resent };
}
