// The one route table of the SPA (docs/product/screens.md). Feature engineers add their pages here.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth';
import { HomePage } from '../features/home';
import { AppLayout } from '../shared/layout/AppLayout';
import { RequireAuth, RequireRole } from '../shared/layout/RouteGuard';
import { PageSpinner } from '../shared/ui/Spinner';
import { NotFoundPage } from './NotFoundPage';
import { RootErrorPage } from './RootErrorPage';
import { prefetchRouteData } from './route-data';

/** A page chunk's loader that keeps the module once it is there (`module`). */
interface Chunk<M> {
  (): Promise<M>;
  module?: M;
}

function chunk<M>(importer: () => Promise<M>): Chunk<M> {
  const load: Chunk<M> = () => importer().then((module) => (load.module = module));
  return load;
}

/**
 * Route-level code splitting (docs/adr/0001-precompressed-web-assets.md): the home and login pages come with
 * the entry chunk; every other page is a chunk of its own, loaded when its route is first shown. The
 * navigation bar, footer and role guard render at once; the page shows a spinner until its chunk is there.
 * A page whose chunk is already there (started beside the session check, `preloadPageAt`) renders at once:
 * `lazy` would suspend for a round of promises first, and on Preact a test's `act` ends before that round.
 * Which of the two a page mounts with is decided once, so it never switches (and remounts) while shown.
 */
function page<K extends string>(
  load: Chunk<Record<K, ComponentType>>,
  name: K,
  guard?: 'auth' | 'teacher' | 'student',
): Pick<RouteObject, 'element' | 'handle'> {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function Page() {
    const [Component] = useState<ComponentType>(() => load.module?.[name] ?? Lazy);
    return <Component />;
  }
  const content = (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
  if (!guard) return { element: content, handle: { preload: load } };
  return { handle: { preload: load }, element: guard === 'auth' ? <RequireAuth>{content}</RequireAuth> : <RequireRole role={guard}>{content}</RequireRole> };
}

const auth = chunk(() => import('../features/auth/pages'));
const legal = chunk(() => import('../features/legal'));
const classes = chunk(() => import('../features/classes'));
const about = chunk(() => import('../features/about'));
const contact = chunk(() => import('../features/contact'));
const profile = chunk(() => import('../features/profile'));
const scheduling = chunk(() => import('../features/scheduling'));
const availability = chunk(() => import('../features/availability'));

/** Loads every lazy page's chunk (tests: a page then renders without waiting for its module). */
export async function preloadPages(): Promise<void> {
  await Promise.all([auth(), legal(), classes(), about(), contact(), profile(), scheduling(), availability()]);
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        // Errors inside a page keep the navigation bar and footer around them.
        element: <Outlet />,
        errorElement: <RootErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', ...page(about, 'AboutPage') },
          { path: 'contact', ...page(contact, 'ContactPage') },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', ...page(auth, 'RegisterPage') },
          { path: 'register/:registerShortcut', ...page(auth, 'RegisterPage') },
          { path: 'registration-success', ...page(auth, 'RegistrationSuccessPage') },
          { path: 'forgot-password', ...page(auth, 'ForgotPasswordPage') },
          { path: 'reset-password', ...page(auth, 'ResetPasswordPage') },
          { path: 'update-password', ...page(auth, 'UpdatePasswordPage') },
          { path: 'confirm-email', ...page(auth, 'ConfirmEmailPage') },
          { path: 'impressum', ...page(legal, 'ImpressumPage') },
          { path: 'datenschutz', ...page(legal, 'PrivacyPage') },
          { path: 'barrierefreiheit', ...page(legal, 'AccessibilityPage') },
          { path: 'profile', ...page(profile, 'ProfilePage', 'auth') },
          { path: 'scheduling/*', ...page(scheduling, 'SchedulingPage', 'teacher') },
          { path: 'me/classes', ...page(classes, 'TeacherClassesPage', 'teacher') },
          { path: 'student', ...page(availability, 'StudentTimesPage', 'student') },
          { path: 'student/classes', ...page(classes, 'StudentClassesPage', 'student') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Starts loading the chunk of the page at `pathname` at once, so that it arrives while the session check runs
 * instead of after it (a guarded page renders only when the session is known).
 */
export function preloadPageAt(pathname: string): void {
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    const preload = (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload;
    preload?.().catch(() => undefined);
  }
}

/**
 * The app's router. Entering a route (the first load, then every navigation to another path) starts its page's
 * chunk and its data at once, side by side: a guarded page renders only when the session is known, and a
 * page's own requests would wait for its chunk.
 */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(appRoutes);
  let entered = '';
  const enter = (pathname: string) => {
    if (pathname === entered) return;
    entered = pathname;
    preloadPageAt(pathname);
    prefetchRouteData(queryClient, pathname);
  };
  enter(router.state.location.pathname);
  router.subscribe((state) => enter(state.location.pathname));
  return router;
}
