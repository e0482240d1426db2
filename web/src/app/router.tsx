// The one route table of the SPA (docs/product/screens.md). Feature engineers add their pages here.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth';
import { HomePage } from '../features/home';
import { AppLayout } from '../shared/layout/AppLayout';
import { RequireAuth, RequireRole } from '../shared/layout/RouteGuard';
import { PageSpinner } from '../shared/ui/Spinner';
import { NotFoundPage } from './NotFoundPage';
import { RootErrorPage } from './RootErrorPage';
import { prefetchRouteData } from './route-data';
import { SchedulingShell, StudentTimesShell, TeacherClassesShell } from './route-shells';

/** A page chunk's loader that keeps the module once it is there (`module`), and the chunk's source (`source`). */
interface Chunk<M> {
  (): Promise<M>;
  module?: M;
  /** The module it imports, relative to the web folder: the build finds its files by it (Vite's manifest). */
  source: string;
}

function chunk<M>(source: string, importer: () => Promise<M>): Chunk<M> {
  const load = Object.assign(() => importer().then((module) => (load.module = module)), { source }) as Chunk<M>;
  return load;
}

/** What a page's route carries beside its element (read by `preloadPageAt`, the route guard and the build). */
export interface PageHandle {
  preload: () => Promise<unknown>;
  /** The page chunk's module (see `Chunk.source`). */
  source: string;
  /** Shown in the page's place while the session is checked: heading and the main region in its final size. */
  shell?: ReactNode;
}

/**
 * Route-level code splitting (docs/adr/0030-prerendered-pages.md): the home and login pages come with the entry
 * chunk; every other page is a chunk of its own. A page whose chunk is there when the app starts (main.tsx
 * waits for the chunk of the page it hydrates, the build's prerender loads them all) renders at once, as the
 * HTML the build rendered shows it: `lazy` would suspend first, and hydration would find a fallback where the
 * HTML holds the page. Any other page shows a spinner until its chunk is there. Which of the two a page mounts
 * with is decided once, so it never switches (and remounts) while shown.
 */
function page<K extends string>(
  load: Chunk<Record<K, ComponentType>>,
  name: K,
  guard?: 'auth' | 'teacher' | 'student',
  shell?: ReactNode,
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
  const handle: PageHandle = { preload: load, source: load.source, ...(shell !== undefined && { shell }) };
  if (!guard) return { element: content, handle };
  return { handle, element: guard === 'auth' ? <RequireAuth>{content}</RequireAuth> : <RequireRole role={guard}>{content}</RequireRole> };
}

const auth = chunk('src/features/auth/pages.ts', () => import('../features/auth/pages'));
const legal = chunk('src/features/legal/index.ts', () => import('../features/legal'));
const classes = chunk('src/features/classes/index.ts', () => import('../features/classes'));
const about = chunk('src/features/about/index.ts', () => import('../features/about'));
const contact = chunk('src/features/contact/index.ts', () => import('../features/contact'));
const profile = chunk('src/features/profile/index.ts', () => import('../features/profile'));
const scheduling = chunk('src/features/scheduling/index.ts', () => import('../features/scheduling'));
const school = chunk('src/features/school/index.ts', () => import('../features/school'));
const availability = chunk('src/features/availability/index.ts', () => import('../features/availability'));

/** Loads every lazy page's chunk (the build's prerender, and tests: a page then renders without waiting). */
export async function preloadPages(): Promise<void> {
  await Promise.all([auth(), legal(), classes(), about(), contact(), profile(), scheduling(), availability(), school()]);
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
          { path: 'scheduling/*', ...page(scheduling, 'SchedulingPage', 'teacher', <SchedulingShell />) },
          { path: 'me/classes', ...page(classes, 'TeacherClassesPage', 'teacher', <TeacherClassesShell />) },
          { path: 'school', ...page(school, 'SchoolPage', 'teacher') },
          { path: 'school/bookings', ...page(school, 'RoomBookingsPage', 'teacher') },
          { path: 'student', ...page(availability, 'StudentTimesPage', 'student', <StudentTimesShell />) },
          { path: 'student/classes', ...page(classes, 'StudentClassesPage', 'student') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The handles of the lazy pages at `pathname` (none for a page of the entry chunk). */
export function pageHandlesAt(pathname: string): PageHandle[] {
  return (matchRoutes(appRoutes, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle ? [handle] : [];
  });
}

/**
 * Starts loading the chunk of the page at `pathname` at once (its files are in the HTML's preload hints), so
 * that it arrives while the session check runs instead of after it; resolves when it is there, never rejects.
 */
export function preloadPageAt(pathname: string): Promise<void> {
  return Promise.all(pageHandlesAt(pathname).map((handle) => handle.preload().catch(() => undefined))).then(() => undefined);
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
    void preloadPageAt(pathname);
    prefetchRouteData(queryClient, pathname);
  };
  enter(router.state.location.pathname);
  router.subscribe((state) => enter(state.location.pathname));
  return router;
}
