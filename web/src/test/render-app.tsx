import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { appRoutes, preloadPages } from '../app/router';
import type { SessionUser } from '../shared/session/session-types';
import { installFetchMock, type MockRoute } from './fetch-mock';

// The pages are loaded lazily (route-level code splitting); loaded once before a file's tests, a page renders
// as soon as its route is shown, and tests with fake timers do not wait for a module import.
beforeAll(preloadPages, 60_000);

export const TEACHER: SessionUser = { role: 'teacher', username: 'Clara Schumann', email: 'clara@hmtm.de', profilePicture: null, role_id: 2, user_id: 't1' };
export const STUDENT: SessionUser = { role: 'student', username: 'Felix Müller', email: 'felix@stud.hmtm.de', profilePicture: null, role_id: 1, user_id: 's1' };

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export interface RenderAppOptions {
  path?: string;
  /** Who GET /api/me says is logged in (null: 401). */
  user?: SessionUser | null;
  routes?: MockRoute[];
  routeTable?: RouteObject[];
  /** Defaults to a client without retries or stale time. */
  queryClient?: QueryClient;
}

/** Renders the real route table in memory with a fake network. */
export function renderApp({ path = '/', user = null, routes = [], routeTable = appRoutes, queryClient = testQueryClient() }: RenderAppOptions = {}) {
  const meRoute: MockRoute = {
    method: 'GET',
    path: '/api/me',
    reply: () => (user ? { status: 200, body: user } : { status: 401, body: { detail: 'Not authenticated' } }),
  };
  const fetchMock = installFetchMock([...routes, meRoute]);
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, fetchMock, queryClient };
}

/** For components that need the providers but not the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return <AppProviders queryClient={testQueryClient()}>{children}</AppProviders>;
}
