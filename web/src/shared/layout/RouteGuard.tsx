import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import { isProtectedPath, homePathForRole } from '../routing/protected-paths';
import { useSession } from '../session/session-context';
import type { Role } from '../session/session-types';
import { PageSpinner } from '../ui/Spinner';

/** docs/product/screens.md: logged-out visitors on a guarded prefix go to '/' (replace, state.from = path). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (isProtectedPath(location.pathname)) {
    if (status === 'loading') return <Pending />;
    if (status === 'anonymous') return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/** Pages for one role: logged-out visitors go to '/', the other role to its own home. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Pending />;
  if (!user) return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  if (user.role !== role) return <Navigate to={homePathForRole(user.role)} replace />;
  return <>{children}</>;
}

/** Any logged-in user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Pending />;
  if (!user) return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** While the session is checked: the page's shell when its route has one (`handle.shell`), else a spinner. */
function Pending() {
  const shell = useMatches()
    .map((match) => (match.handle as { shell?: ReactNode } | undefined)?.shell)
    .findLast((s) => s !== undefined);
  return <>{shell ?? <PageSpinner />}</>;
}
