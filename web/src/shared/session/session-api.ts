import { auth } from '@stundenplan/contracts/routes';
import { ApiError, call } from '../api/client';
import type { SessionUser } from './session-types';

/** GET /api/me: the user, or null when logged out (401). Other failures propagate. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const user = await call(auth.me, {}, { signal, abortOnRouteChange: false, abortPrevious: true });
    return user && typeof user === 'object' && 'role' in user ? user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Ends the session; a session begun at the university answers where the browser ends it there too. */
export async function logoutRequest(): Promise<{ logoutUrl: string | null }> {
  const answer = await call(auth.logout, {}, { abortOnRouteChange: false, authRedirect: false });
  return { logoutUrl: typeof answer?.logout_url === 'string' ? answer.logout_url : null };
}
