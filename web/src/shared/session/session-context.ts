import { createContext, useContext } from 'react';
import type { SessionStatus, SessionUser } from './session-types';

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Re-checks GET /api/me (at most once per 5 s unless forced) and answers the user. */
  refresh(options?: { force?: boolean }): Promise<SessionUser | null>;
  /** Call after a successful login: forces a session check and tells other tabs. */
  confirmLogin(): Promise<SessionUser | null>;
  /** POST auth/logout; answers false (and shows 'Fehler beim Ausloggen') on failure. */
  logout(): Promise<boolean>;
  /** Forget the session here and tell the other tabs (e.g. after the account was deleted). */
  clear(): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
