// Login shared by the login page, the home page and the navigation bar's mini login.
import { auth } from '@stundenplan/contracts/routes';
import { ApiError, API_MESSAGES, call } from '../api/client';
import { LAST_PATH_KEY, SESSION_EXPIRED_KEY, readStorage, removeStorage } from '../storage';
import { homePathForRole } from '../routing/protected-paths';

export const LOGIN_MESSAGES = {
  success: 'Login erfolgreich',
  invalidCredentials: 'Ungültige E-Mail oder Passwort',
  invalidCredentialsShort: 'E-Mail oder Passwort ist falsch',
  userNotFound: 'Kein Account mit dieser E-Mail gefunden',
  emailNotConfirmed: 'Bitte bestätige zuerst deine E-Mail-Adresse',
  resendButton: 'Bestätigungs-Link erneut senden',
  resendSuccess: 'Bestätigungs-Link wurde erneut gesendet',
  generic: API_MESSAGES.generic,
} as const;

export type LoginFailureCode = 'invalid-credentials' | 'user-not-found' | 'email-not-confirmed' | 'other';

export interface LoginFailure {
  code: LoginFailureCode;
  message: string;
}

/** docs/product/accounts.md: the e-mail is lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Maps a failed login to docs/product/errors.md's German messages. */
export function describeLoginFailure(error: unknown): LoginFailure {
  const detail = error instanceof ApiError && typeof error.detail === 'string' ? error.detail.trim().toLowerCase() : '';
  if (detail === 'invalid credentials') return { code: 'invalid-credentials', message: LOGIN_MESSAGES.invalidCredentials };
  if (detail === 'user not found') return { code: 'user-not-found', message: LOGIN_MESSAGES.userNotFound };
  if (detail === 'email not confirmed') return { code: 'email-not-confirmed', message: LOGIN_MESSAGES.emailNotConfirmed };
  const message = error instanceof Error && error.message ? error.message : LOGIN_MESSAGES.generic;
  return { code: 'other', message };
}

export async function loginRequest(email: string, password: string): Promise<unknown> {
  return call(auth.login, { body: { email: normaliseEmail(email), password } }, { abortOnRouteChange: false });
}

export async function resendConfirmation(email: string, password: string): Promise<void> {
  await call(auth.resendConfirmation, { body: { email: normaliseEmail(email), password } }, { authRedirect: false });
}

/** Where to go after login: the role's home, else the last stored path, else '/'. */
export function postLoginPath(role: string | null | undefined): string {
  const home = homePathForRole(role);
  if (home !== '/') return home;
  const last = readStorage(LAST_PATH_KEY);
  return last && last.startsWith('/') ? last : '/';
}

export function clearSessionMarkers(): void {
  removeStorage(LAST_PATH_KEY);
  removeStorage(SESSION_EXPIRED_KEY);
}
