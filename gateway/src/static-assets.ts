import type { ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.js';

/** Vite's output names: `assets/<name>-<8 character hash>.<ext>`; such a file never changes its content. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/;
/** Of those, the scripts and style sheets: never a document, so without the document-only headers. */
const HASHED_SCRIPT_OR_STYLE = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css)(\.(br|gz))?$/;
/** How often the folders are checked for a new build. */
const RECHECK_MS = 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticAssetOptions {
  /** The built SPA folder (contains index.html and assets/). */
  dist: string;
  /** Serve `*.map` files (only when the build made them and the operator wants them public). */
  sourceMaps: boolean;
}

/**
 * The web app (docs/adr/0001-precompressed-web-assets.md): the files Vite precompressed at build
 * (`.br`, `.gz`) are sent as they are, with `Content-Encoding` and `Vary: Accept-Encoding`
 * (express-static-gzip picks brotli first, then gzip, else the plain file; a new build is picked up within a
 * second). Hashed assets are cached
 * for a year and marked immutable; everything else (index.html, every SPA route, config.js, which a
 * deployment replaces) is `no-cache`, revalidated on each load. A page the build rendered ahead is sent its own
 * HTML (`documentFor`). Source maps are not served unless
 * configured, and a missing file under /assets/ is a 404, never index.html: a page built before a
 * deployment that asks for an old chunk must fail loudly instead of parsing HTML as JavaScript.
 */
export function serveWebApp(app: Express, { dist, sourceMaps }: StaticAssetOptions): void {
  if (!sourceMaps) {
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (/\.map(\.(br|gz))?$/i.test(req.path)) notFound(res);
      else next();
    });
  }
  const site = rescanOnChange(dist, () => ({
    files: expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { index: false, cacheControl: false, setHeaders: cacheHeaders },
    }),
    pages: readPages(dist),
  }));
  app.use((req, res, next) => site().files(req, res, next));
  app.use('/assets', (_req, res) => notFound(res));
  app.get(/.*/, (req, res) => {
    const { file, status } = documentFor(dist, site().pages, req.path);
    res.status(status).setHeader('Cache-Control', 'no-cache');
    res.sendFile(file);
  });
}

/**
 * The pages the web build rendered ahead (web/scripts/prerender.ts writes `pages/routes.json`,
 * docs/adr/0030-prerendered-pages.md): each prerendered path's file, the 404 page, and the app's routes.
 */
export interface PageRoutes {
  pages: Record<string, string>;
  notFound: string;
  routes: string[];
  guarded: string[];
}

/** The build's list of pages; none for a build without them (every route then gets index.html). */
function readPages(dist: string): PageRoutes | null {
  try {
    const routes = JSON.parse(readFileSync(path.join(dist, 'pages', 'routes.json'), 'utf8')) as PageRoutes;
    return routes && typeof routes.pages === 'object' && Array.isArray(routes.routes) && Array.isArray(routes.guarded) ? routes : null;
  } catch {
    return null;
  }
}

/** True when `pathname` matches the route pattern: `:name` is one segment, a trailing `*` any rest. */
function matchesRoute(pathname: string, pattern: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (const [i, part] of want.entries()) {
    if (part === '*' && i === want.length - 1) return true;
    if (have[i] === undefined || (!part.startsWith(':') && part !== have[i])) return false;
  }
  return have.length === want.length;
}

/**
 * The document of a page: its own rendered HTML when the build made one, index.html for every other route of the
 * app and every guarded path (the app decides there), and the 404 page, with status 404, for any other path.
 */
function documentFor(dist: string, routes: PageRoutes | null, requested: string): { file: string; status: number } {
  const index = { file: path.join(dist, 'index.html'), status: 200 };
  if (!routes) return index;
  // '/login/' is the same page; '//login' too.
  const pathname = requested.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  const own = Object.hasOwn(routes.pages, pathname) ? routes.pages[pathname] : undefined;
  if (own) return { file: path.join(dist, 'pages', own), status: 200 };
  const known =
    routes.routes.some((pattern) => matchesRoute(pathname, pattern)) ||
    routes.guarded.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return known ? index : { file: path.join(dist, 'pages', routes.notFound), status: 404 };
}

/**
 * express-static-gzip lists the compressed copies once, when it is made: a web build made while the gateway
 * runs would be served uncompressed. So the middleware (and the list of pages) is made anew when the
 * modification time of `dist`, `dist/assets` or `dist/pages` changes (every file added or removed there changes
 * it), checked at most every `RECHECK_MS`: one `stat` of three folders a second, never per request.
 */
function rescanOnChange<T>(dist: string, create: () => T): () => T {
  const stamp = () => [dist, path.join(dist, 'assets'), path.join(dist, 'pages')].map((dir) => statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0).join();
  let seen = stamp();
  let checkedAt = Date.now();
  let current = create();
  return () => {
    const now = Date.now();
    if (now - checkedAt >= RECHECK_MS) {
      checkedAt = now;
      const latest = stamp();
      if (latest !== seen) {
        seen = latest;
        current = create();
      }
    }
    return current;
  };
}

function cacheHeaders(res: ServerResponse, file: string): void {
  const name = file.split(path.sep).join('/');
  res.setHeader('Cache-Control', HASHED_ASSET.test(name) ? IMMUTABLE : 'no-cache');
  if (HASHED_SCRIPT_OR_STYLE.test(name)) for (const header of DOCUMENT_ONLY_HEADERS) res.removeHeader(header);
}

function notFound(res: Response): void {
  res.status(404).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-cache').send('Diese Datei gibt es nicht.');
}
