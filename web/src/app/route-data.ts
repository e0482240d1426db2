// The data of a page, asked for as soon as its route is entered: beside the page's chunk instead of after it
// (docs/adr/0030-prerendered-pages.md). The pages read the same queries, so nothing is fetched twice.
import type { QueryClient } from '@tanstack/react-query';
import { profileQuery } from '../shared/data/profile';
import { ownTimesQuery, teachersTimeRangesQuery, type PrefetchRequest } from '../shared/data/student-times';
import { SESSION_QUERY_KEY, type Role, type SessionUser } from '../shared/session';

/** The pages whose data is started early, by path, and the role that may see them. */
const PREFETCHES: Record<string, { role: Role; start: (client: QueryClient, request: PrefetchRequest) => void }> = {
  '/student': {
    role: 'student',
    start: (client, request) => {
      // Afresh on every visit (as the page did before); the page then finds them fresh.
      void client.prefetchQuery({ ...ownTimesQuery(request), staleTime: 0 });
      void client.prefetchQuery({ ...teachersTimeRangesQuery(request), staleTime: 0 });
      // The deadline notices' profile, at the page's own staleness.
      void client.prefetchQuery(profileQuery(request));
    },
  },
};

/**
 * Starts the data of the page at `pathname`. Before the session check has answered (the first load) a 401 is no
 * expired session: the route guard sends a logged-out visitor to '/', without the expired-session note. Known
 * visitors of another role, or none, get nothing. The route change that follows must not abort the requests.
 */
export function prefetchRouteData(client: QueryClient, pathname: string): void {
  const prefetch = PREFETCHES[pathname.replace(/(.)\/+$/, '$1')];
  if (!prefetch) return;
  const session = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  if (session === null || (session && session.role !== prefetch.role)) return;
  prefetch.start(client, { abortOnRouteChange: false, ...(session === undefined && { authRedirect: false }) });
}
