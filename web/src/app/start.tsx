// How the app takes over its page (docs/adr/0030-prerendered-pages.md): a page the build rendered is hydrated
// (its chunk loaded first, so the first render is the page the HTML shows), any other page is rendered anew.
import { StrictMode, startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { requiresLogin } from '../shared/routing/protected-paths';
import { startSessionCheck } from '../shared/session';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { createAppRouter, preloadPageAt } from './router';

/** A hydration mismatch (or another error React recovered from) is a bug: said loudly, in every build. */
function logRecoverableError(error: unknown, info: ErrorInfo): void {
  console.error('React recovered from an error (hydration mismatch?):', error, info.componentStack ?? '');
}

/**
 * The app has taken over its page: `<html data-app-ready>` (the browser tests wait for it before typing into a
 * prerendered form, docs/known-limitations.md), then the session's answer may enter the cache.
 */
function appReady(hydrated: (() => void) | undefined): void {
  document.documentElement.dataset.appReady = 'true';
  hydrated?.();
}

export interface StartOptions {
  onRecoverableError?: (error: unknown, info: ErrorInfo) => void;
}

/** Starts the app in `container` at the current location; resolves with its root once rendering has begun. */
export async function startApp(container: HTMLElement, { onRecoverableError = logRecoverableError }: StartOptions = {}): Promise<Root> {
  const pathname = window.location.pathname;
  const prerendered = container.hasChildNodes();
  // Hydration must render what the build rendered: the session unknown. The check starts now, but its answer
  // (or failure) enters the cache only once the page is hydrated (AppProviders' `onMounted`).
  let hydrated: (() => void) | undefined;
  const afterHydration = prerendered ? new Promise<void>((resolve) => (hydrated = resolve)) : undefined;
  const queryClient = createQueryClient();
  startSessionCheck(queryClient, pathname, afterHydration);
  // One data cache for the router (it starts a page's chunk and data on each route entered) and the pages.
  const router = createAppRouter(queryClient);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} onMounted={() => appReady(hydrated)}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (!prerendered) {
    const root = createRoot(container, { onRecoverableError });
    root.render(app);
    return root;
  }
  // A public page's chunk is in the HTML: it must be there before hydrating. A logged-in page shows its shell
  // until the session is known, so it hydrates at once (its chunk keeps loading meanwhile).
  if (!requiresLogin(pathname)) await preloadPageAt(pathname);
  // As a transition: React hydrates in slices and yields to the browser between them (a click or key press
  // meanwhile is answered first), instead of one long task; the page is on screen already.
  return new Promise<Root>((resolve) => startTransition(() => resolve(hydrateRoot(container, app, { onRecoverableError }))));
}
