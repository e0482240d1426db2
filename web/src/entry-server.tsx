// The build's renderer (docs/adr/0030-prerendered-pages.md): web/scripts/prerender.ts loads this module, built for
// Node by Vite, and writes each page below to an HTML file of its own. The tree is the one main.tsx hydrates,
// rendered as the browser's first render sees it: session unknown, every page's chunk there.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/query-client';
import { appRoutes, pageHandlesAt, preloadPages } from './app/router';
import { PROTECTED_PREFIXES, ROLE_ONLY_PREFIXES } from './shared/routing/protected-paths';

/** The pages the build renders: every public page, the shell of each logged-in page, and the 404 page. */
export const PRERENDERED_PATHS = [
  '/',
  '/login',
  '/register',
  '/contact',
  '/impressum',
  '/datenschutz',
  '/barrierefreiheit',
  '/student',
  '/me/classes',
  '/scheduling',
] as const;

/** A path no route but the catch-all matches: its HTML is the 404 page's. */
export const NOT_FOUND_PATH = '/404';

/** The page chunks' modules of `pathname` (relative to the web folder), whose files its HTML preloads. */
export function pageSourcesAt(pathname: string): string[] {
  return pageHandlesAt(pathname).map((handle) => handle.source);
}

/** The app's route patterns (the catch-all left out) and the prefixes it guards, for the gateway's 404. */
export function knownRoutes(): { routes: string[]; guarded: string[] } {
  const patterns = (routes: RouteObject[], parent: string): string[] =>
    routes.flatMap((route) => {
      const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
      const here = route.path === '*' ? [] : route.index || (route.path !== undefined && !route.children) ? [own] : [];
      return [...here, ...patterns(route.children ?? [], own)];
    });
  return { routes: [...new Set(patterns(appRoutes, ''))], guarded: [...PROTECTED_PREFIXES, ...Object.values(ROLE_ONLY_PREFIXES).flat()] };
}

/** The HTML of the app's root element at `pathname`. */
export async function render(pathname: string): Promise<string> {
  await preloadPages();
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Synchronous: every chunk is there, so nothing suspends (a fallback in the HTML would be a page missing).
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        {/* No hydration data: it would be an inline script (the CSP allows none), and no route has a loader. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  if (/<!--\$[?!]-->/.test(html)) throw new Error(`${pathname}: a part of the page suspended while rendered ahead`);
  return html;
}
