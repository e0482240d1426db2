import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { RouteGuard } from './RouteGuard';
import { useAbortRequestsOnRouteChange, useApiNavigator } from './use-api-routing';

/** The shared layout of every route (docs/product/screens.md): navigation, page, footer. */
export function AppLayout() {
  return (
    <SessionProvider>
      <RoutingEffects />
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Zum Inhalt springen
        </a>
        <NavBar />
        <main id="main" className="site-main" tabIndex={-1}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </main>
        <Footer />
      </div>
      <ScrollRestoration />
    </SessionProvider>
  );
}

function RoutingEffects() {
  useAbortRequestsOnRouteChange();
  useApiNavigator();
  return null;
}
