import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { UNAUTHORIZED_EVENT } from '../api/client';
import { isSessionCheckExcluded, requiresLogin } from '../routing/protected-paths';
import { toast } from '../toast/toast-store';
import { openAuthChannel, type AuthChannel } from './auth-channel';
import { fetchSession, logoutRequest } from './session-api';
import { SessionContext, type SessionContextValue } from './session-context';
import type { SessionUser } from './session-types';
import { useLatest } from '../hooks/use-latest';

export const SESSION_QUERY_KEY = ['session'] as const;
export const SESSION_RECHECK_INTERVAL_MS = 300_000;
export const SESSION_MIN_GAP_MS = 5_000;
export const SESSION_HIDDEN_RECHECK_MS = 300_000;

/**
 * Starts the first session check with the app, beside the page's chunk and data, instead of after the first
 * render (the provider's query then finds it under way). Never on the password pages. Its answer enters the
 * cache no earlier than `until` (a hydrated page must first render as the build did: session unknown).
 */
export function startSessionCheck(client: QueryClient, pathname: string, until?: Promise<void>): void {
  if (isSessionCheckExcluded(pathname)) return;
  const queryFn = async ({ signal }: { signal: AbortSignal }) => {
    try {
      return await fetchSession(signal);
    } finally {
      await until;
    }
  };
  void client.prefetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn, retry: false });
}

/**
 * Holds the session (docs/product/accounts.md): GET /api/me at load, again every 5 minutes while the tab is
 * visible, at most once per 5 s, and when the tab returns after more than 5 minutes hidden.
 * Never on the password pages. Logout is shared with other tabs via BroadcastChannel('auth').
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const checkEnabled = !isSessionCheckExcluded(pathname);

  const pathRef = useLatest(pathname);
  const lastCheckRef = useRef(0);
  const channelRef = useRef<AuthChannel | null>(null);

  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => {
      lastCheckRef.current = Date.now();
      return fetchSession(signal);
    },
    enabled: checkEnabled,
    staleTime: SESSION_MIN_GAP_MS,
    refetchInterval: checkEnabled ? SESSION_RECHECK_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

  const user = query.data ?? null;
  const status = user ? 'authenticated' : checkEnabled && query.isPending ? 'loading' : 'anonymous';

  const applyLoggedOut = useCallback(() => {
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    // Whatever belonged to the previous user must not be shown to the next one.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
  }, [queryClient]);

  const refresh = useCallback(
    async ({ force = false }: { force?: boolean } = {}): Promise<SessionUser | null> => {
      const current = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY) ?? null;
      const lastCheck = Math.max(lastCheckRef.current, queryClient.getQueryState(SESSION_QUERY_KEY)?.dataUpdatedAt ?? 0);
      if (!force && Date.now() - lastCheck < SESSION_MIN_GAP_MS) return current;
      try {
        return await queryClient.fetchQuery({
          queryKey: SESSION_QUERY_KEY,
          queryFn: ({ signal }) => {
            lastCheckRef.current = Date.now();
            return fetchSession(signal);
          },
          staleTime: 0,
        });
      } catch {
        return current;
      }
    },
    [queryClient],
  );

  const handleRemoteLogout = useCallback(() => {
    applyLoggedOut();
    if (requiresLogin(pathRef.current)) void navigate('/', { replace: true });
  }, [applyLoggedOut, navigate, pathRef]);

  useEffect(() => {
    const channel = openAuthChannel((message) => {
      if (message.type === 'logout') handleRemoteLogout();
      else void refresh({ force: true });
    });
    channelRef.current = channel;
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [handleRemoteLogout, refresh]);

  useEffect(() => {
    const onUnauthorized = () => applyLoggedOut();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [applyLoggedOut]);

  useEffect(() => {
    if (!checkEnabled) return;
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt !== null && Date.now() - hiddenAt > SESSION_HIDDEN_RECHECK_MS) void refresh();
      hiddenAt = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [checkEnabled, refresh]);

  const confirmLogin = useCallback(async () => {
    const confirmed = await refresh({ force: true });
    if (confirmed) channelRef.current?.post({ type: 'login' });
    return confirmed;
  }, [refresh]);

  const logout = useCallback(async () => {
    let logoutUrl: string | null;
    try {
      ({ logoutUrl } = await logoutRequest());
    } catch {
      toast.error('Fehler beim Ausloggen');
      return false;
    }
    channelRef.current?.post({ type: 'logout' });
    // RP-initiated logout: the university's sign-in ends too, and it sends the browser back to '/'. This page is
    // left as it is until then: an in-app navigation now (the route guard on a protected page) would cancel it.
    if (logoutUrl) {
      window.location.assign(logoutUrl);
      return true;
    }
    applyLoggedOut();
    if (requiresLogin(pathRef.current)) void navigate('/');
    return true;
  }, [applyLoggedOut, navigate, pathRef]);

  // The session is gone for every tab (e.g. the account was deleted): they must not keep showing it.
  const clear = useCallback(() => {
    applyLoggedOut();
    channelRef.current?.post({ type: 'logout' });
  }, [applyLoggedOut]);

  const value = useMemo<SessionContextValue>(
    () => ({ status, user, refresh, confirmLogin, logout, clear }),
    [status, user, refresh, confirmLogin, logout, clear],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
