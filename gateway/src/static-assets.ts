import type { ServerResponse } from 'node:http';
import { statSync } from 'node:fs';
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
export const IMMUTABLE = 'public, max-age=31536000, immutable';

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
 * deployment replaces) is `no-cache`, revalidated on each load. Source maps are not served unless
 * configured, and a missing file under /assets/ is a 404, never index.html: a page built before a
 * deployment that asks for an old chunk must fail loudly instead of parsing HTML as JavaScript.
 */
export function serveWebApp(app: Express, { dist, sourceMaps }: StaticAssetOptions): void {
  const index = path.join(dist, 'index.html');
  if (!sourceMaps) {
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (/\.map(\.(br|gz))?$/i.test(req.path)) notFound(res);
      else next();
    });
  }
  app.use(
    rescanOnChange(dist, () =>
      expressStaticGzip(dist, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: { index: false, cacheControl: false, setHeaders: cacheHeaders },
      }),
    ),
  );
  app.use('/assets', (_req, res) => notFound(res));
  app.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

type Handler = (req: Request, res: Response, next: NextFunction) => void;

/**
 * express-static-gzip lists the compressed copies once, when it is made: a web build made while the gateway
 * runs would be served uncompressed. So the middleware is made anew when the modification time of `dist` or
 * `dist/assets` changes (every file added or removed there changes it), checked at most every `RECHECK_MS`:
 * one `stat` of two folders a second, never per request.
 */
function rescanOnChange(dist: string, create: () => Handler): Handler {
  const stamp = () => [dist, path.join(dist, 'assets')].map((dir) => statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0).join();
  let seen = stamp();
  let checkedAt = Date.now();
  let current = create();
  return (req, res, next) => {
    const now = Date.now();
    if (now - checkedAt >= RECHECK_MS) {
      checkedAt = now;
      const latest = stamp();
      if (latest !== seen) {
        seen = latest;
        current = create();
      }
    }
    current(req, res, next);
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
