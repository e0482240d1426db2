import { createServer, type RequestListener, type Server } from 'node:http';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, httpStatusToCode, isAppError } from './errors.js';
import type { Logger } from './logger.js';
import type { ServiceMetrics } from './metrics.js';
import { acceptRequestId, REQUEST_ID_HEADER, runInRequest } from './request-context.js';
import { containsControlCharacters, INPUT_MESSAGES, jsonTooDeep, pathHasControlCharacters, queryHasControlCharacters } from './request-input.js';

export type ReadinessChecks = Record<string, () => Promise<boolean>>;

export interface HttpAppOptions {
  name: string;
  log: Logger;
  metrics: ServiceMetrics;
  readiness: ReadinessChecks;
  jsonLimit?: string;
  /** Runs before the routes: e.g. the session middleware. */
  before?: express.RequestHandler[];
  routes: (app: Express) => void;
}

export { REQUEST_ID_HEADER };

/** The HTTP edge of a service: ids, metrics, health, JSON errors `{ detail }` without stacks. */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  // One spelling per path: the gateway forwards the canonical path (no trailing slash, case kept),
  // so `/api/auth/LOGIN` or `/api/auth/login/` is an unknown path here, never an unlimited twin.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  // Answers are personal data of one signed-in user: no ETag (a hash of every body, for a revalidation
  // nobody needs) and nothing kept in any cache unless a route says so itself (e.g. the public institutions list).
  app.set('etag', false);
  app.use((req, res, next) => {
    const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, id);
    res.setHeader('Cache-Control', 'no-store');
    res.locals.requestId = id;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? (res.statusCode === 404 ? 'unmatched' : req.path);
      const labels = { method: req.method, route: String(route), status: String(res.statusCode) };
      opts.metrics.httpRequests.inc(labels);
      opts.metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: opts.name });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await runReadinessChecks(opts.readiness);
    const ok = Object.values(results).every(Boolean);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', service: opts.name, checks: results });
  });
  app.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', opts.metrics.registry.contentType);
    res.send(await opts.metrics.registry.metrics());
  });
  app.use(cookieParser());
  app.use(rejectBadUrl);
  app.use(express.json({ limit: opts.jsonLimit ?? '1mb', verify: rejectDeepJson }));
  app.use(rejectControlCharactersInBody);
  // Entered after the body is read: the body parser's stream events would not carry the context.
  app.use((_req, res, next) => runInRequest({ requestId: String(res.locals.requestId) }, next));
  for (const mw of opts.before ?? []) app.use(mw);
  opts.routes(app);
  app.use((_req, res) => {
    res.status(404).json({ detail: UNKNOWN_PATH_DETAIL });
  });
  app.use(errorHandler(opts.log));
  return app;
}

const UNKNOWN_PATH_DETAIL = 'Diese Schnittstelle gibt es nicht.';

/** Control characters in the path or query are a 400, whatever route would take them. */
function rejectBadUrl(req: Request, _res: Response, next: NextFunction): void {
  const [rawPath = '', rawQuery = ''] = req.url.split(/\?(.*)/s, 2);
  if (pathHasControlCharacters(rawPath) || queryHasControlCharacters(rawQuery)) return next(AppError.badRequest(INPUT_MESSAGES.controlCharacters));
  next();
}

/** body-parser `verify`: a JSON body nested deeper than MAX_JSON_DEPTH is refused before it is parsed. */
function rejectDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonTooDeep(buf)) throw AppError.badRequest(INPUT_MESSAGES.tooDeep);
}

/** Strings and keys of a parsed JSON body must not hold control characters (tab and line breaks are fine). */
export function rejectControlCharactersInBody(req: Request, _res: Response, next: NextFunction): void {
  if (containsControlCharacters(req.body)) return next(AppError.badRequest(INPUT_MESSAGES.controlCharacters));
  next();
}

/** Runs every readiness check (2 s each); a throwing or slow check counts as false. */
export async function runReadinessChecks(checks: ReadinessChecks): Promise<Record<string, boolean>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([k, fn]) => {
      try {
        return [k, await withTimeout(fn(), 2000)] as const;
      } catch {
        return [k, false] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Operational errors become their status and detail; anything else is a 500 without internals. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = toAppError(err);
    if (e.code === 'INTERNAL') log.error({ err, path: req.path, method: req.method }, 'unhandled error');
    if (res.headersSent) return;
    res.status(e.httpStatus).json(e.toJSON());
  };
}

export function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  if (err instanceof z.ZodError) return AppError.badRequest(zodMessage(err));
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return AppError.badRequest('Ungültiger JSON-Inhalt');
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Die Anfrage ist zu groß');
  const code = (err as { code?: string } | null)?.code;
  if (code === 'LIMIT_FILE_SIZE') return new AppError('PAYLOAD_TOO_LARGE', 'Die Datei ist zu groß (maximal 5 MB)');
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return AppError.badRequest('Ungültiger Upload');
  // Client errors raised by express itself (e.g. a path parameter like %ZZ that cannot be decoded).
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = httpStatusToCode(status);
    return new AppError(known === 'INTERNAL' ? 'BAD_REQUEST' : known, 'Ungültige Anfrage');
  }
  return new AppError('INTERNAL', 'Interner Serverfehler', { cause: err });
}

/** The first issue's message: schemas carry the SPEC's German texts. */
function zodMessage(err: z.ZodError): string {
  return err.issues[0]?.message ?? 'Ungültige Eingabe';
}

/** Validate input with a schema; failures become a 400 with the schema's German message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const res = schema.safeParse(input);
  if (!res.success) throw AppError.badRequest(zodMessage(res.error));
  return res.data;
}

/** An Express app or a plain request listener (the gateway's, see gateway/src/app.ts) on port and host. */
export function listen(app: Express | RequestListener, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.on('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID_RE.test(v);
}
