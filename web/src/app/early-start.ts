// The first thing a page load runs (web/src/boot.ts, a classic script of its own of about a kilobyte): on the pages
// of app/early-pages.ts, the session check, the page's data and the page's files are asked for while the app's own
// JavaScript is still on its way, instead of after it (docs/adr/0016-early-start.md). The app then takes the
// answers (shared/api/early-responses.ts) and finds its files loaded. This file imports nothing of the app at run
// time (the build checks): it must stay tiny and run before the app's modules are there.
import type {} from '../shared/api/early-responses';
import { EARLY_FILES_ID, EARLY_PAGES, EARLY_RESPONSE_TTL_MS, SESSION_URL } from './early-pages';

/** The files of the page at `path`, as the build listed them in index.html (none when there is no list). */
function earlyFiles(doc: Document, path: string): string[] {
  try {
    const files = JSON.parse(doc.getElementById(EARLY_FILES_ID)?.textContent ?? '{}') as Record<string, unknown>;
    const list = files[path];
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/')) : [];
  } catch {
    return [];
  }
}

/** Starts the early requests of the page at `pathname`, unless the app has started already. */
export function startEarly(pathname: string, { fetcher = fetch, doc = document } = {}): void {
  // '/student/' is the same page.
  const path = pathname.replace(/(.)\/+$/, '$1');
  const page = EARLY_PAGES[path];
  if (!page || window.__earlyResponses) return;
  const store = new Map<string, Promise<Response>>();
  for (const url of [SESSION_URL, ...page.requests]) {
    const response = fetcher(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    // Never an unhandled rejection: whoever takes it sees the failure (and asks again).
    response.catch(() => undefined);
    store.set(url, response);
  }
  window.__earlyResponses = store;
  // Answers nobody took are dropped: a later request must never get one of them.
  setTimeout(() => store.clear(), EARLY_RESPONSE_TTL_MS);
  for (const file of earlyFiles(doc, path)) {
    // As the app's own loader asks for them (crossorigin, as Vite's links): the browser then uses what came early.
    const link = doc.createElement('link');
    const attributes = file.endsWith('.css') ? { rel: 'preload', as: 'style' } : { rel: 'modulepreload' };
    for (const [name, value] of Object.entries({ ...attributes, crossorigin: '', href: file })) link.setAttribute(name, value);
    doc.head.append(link);
  }
}
