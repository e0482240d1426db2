import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { abortAllRequests, setApiNavigator } from '../api/client';

/**
 * docs/product/screens.md: a route change aborts all running API requests. A layout effect runs before the
 * new page's passive effects start their own requests, so only the old page's calls die.
 * Only the pathname counts: search-parameter tweaks (e.g. removing ?selectClass) stay on the page.
 */
export function useAbortRequestsOnRouteChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    abortAllRequests();
  }, [pathname]);
}

/** Lets the API client's 401 flow navigate inside the SPA instead of reloading it. */
export function useApiNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setApiNavigator((path) => void navigate(path));
    return () => setApiNavigator(null);
  }, [navigate]);
}
