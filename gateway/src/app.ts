import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import {
  createMetrics,
  createTokenVerifier,
  errorHandler,
  loopbackOnly,
  readToken,
  REQUEST_ID_HEADER,
  SESSION_COOKIE,
  type KeyValueStore,
  type Logger,
  type ServiceMetrics,
} from '@stundenplan/base';
import cookieParser from 'cookie-parser';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { jsonBodyGuard, writeBufferedBody } from './body-guard.js';
import { canonicalUrl } from './canonical-path.js';
import type { GatewayConfig } from './config.js';
import { rateLimitMiddleware } from './rate-limits.js';
import { firstUpstream, UpstreamPool } from './upstreams.js';
import { matchRoute, SERVICE_LABELS, type ServiceName } from './route-table.js';

export const JSON_LIMIT_BYTES = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** Headers only the platform may set; a client sending them is ignored. */
const INTERNAL_HEADER = /^(x-internal-|x-user-|x-forwarded-user|x-auth-|x-service-)/i;

/** Every service's replica list as configured (one URL, or several separated by commas). */
export function serviceUpstreams(cfg: GatewayConfig): Record<ServiceName, string> {
  return {
    auth: cfg.AUTH_SERVICE_URL,
    classes: cfg.CLASSES_SERVICE_URL,
    availability: cfg.AVAILABILITY_SERVICE_URL,
    'scheduling-solver': cfg.SCHEDULING_SOLVER_SERVICE_URL,
    document: cfg.DOCUMENT_SERVICE_URL,
    notification: cfg.NOTIFICATION_SERVICE_URL,
  };
}

/** One address per service (its first replica): health aggregation, /dev/mail. */
export function serviceUrls(cfg: GatewayConfig): Record<ServiceName, string> {
  const all = serviceUpstreams(cfg);
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, firstUpstream(v)])) as Record<ServiceName, string>;
}

export interface GatewayDeps {
  cfg: GatewayConfig;
  log: Logger;
  store: KeyValueStore;
  rateOverrides?: Parameters<typeof rateLimitMiddleware>[1];
  /** Filled here, served by the internal metrics server. */
  metrics?: ServiceMetrics;
}

export function createGatewayApp({ cfg, log, store, rateOverrides, metrics = createMetrics('gateway') }: GatewayDeps): Express {
  const app = express();
  const urls = serviceUrls(cfg);
  const verify = createTokenVerifier({ jwksUrl: cfg.AUTH_JWKS_URL, store });
  app.disable('x-powered-by');
  // Per-IP rate limits key on req.ip: behind an Ingress, TRUST_PROXY lets it be the client's address.
  app.set('trust proxy', cfg.TRUST_PROXY);
  // One canonical path (canonical-path.ts) decides the limit, the route and what the service gets.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.use(canonicalUrl);

  app.use((req, res, next) => {
    for (const h of Object.keys(req.headers)) if (INTERNAL_HEADER.test(h)) delete req.headers[h];
    const id =
      typeof req.headers[REQUEST_ID_HEADER] === 'string' && /^[\w-]{8,64}$/.test(req.headers[REQUEST_ID_HEADER])
        ? req.headers[REQUEST_ID_HEADER]
        : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = req.path.startsWith('/api/') ? (matchRoute(req.path)?.service ?? 'unknown') : 'static';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: cfg.PUBLIC_BASE_URL.startsWith('https://'),
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  const readiness = async () => {
    const entries = await Promise.all(
      (Object.entries(urls) as [ServiceName, string][]).map(async ([name, base]) => {
        try {
          const r = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) });
          const body = (await r.json().catch(() => ({}))) as { checks?: Record<string, boolean> };
          const checks: Record<string, boolean> = body.checks ?? {};
          return [name, { status: r.ok ? 'ok' : 'unavailable', checks }] as const;
        } catch {
          return [name, { status: 'unreachable', checks: {} as Record<string, boolean> }] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const database = entries.some(([, v]) => 'database' in v.checks) && entries.every(([, v]) => v.checks.database !== false) ? 'ok' : 'unavailable';
    const ok = entries.every(([, v]) => v.status === 'ok');
    return { ok, body: { status: ok ? 'ok' : 'degraded', services, database } };
  };
  // Ready = this gateway can route (its store answers). Upstreams are not part of it: one service
  // being down must not take every gateway replica out of the load balancer (its routes answer 502).
  app.get('/readyz', async (_req, res) => {
    const storeOk = await store.ping().catch(() => false);
    res.status(storeOk ? 200 : 503).json({ status: storeOk ? 'ok' : 'unavailable', checks: { store: storeOk } });
  });
  app.get('/api/healthz', async (_req, res) => {
    const r = await readiness();
    res.status(r.ok ? 200 : 503).json(r.body);
  });
  // /metrics is served on the internal METRICS_PORT only (see metrics-server.ts), never here.

  // Mail outbox for people running it locally (embedded mode only), for clients on this machine only.
  if (cfg.DEV_MAIL) {
    app.use(
      ['/dev/mail', '/dev/mail.json'],
      loopbackOnly(),
      createProxyMiddleware({ target: urls.notification, changeOrigin: true, pathRewrite: (p, req) => (req as Request).originalUrl }),
    );
  }

  app.use('/api', cookieParser());
  // Drop sessions that are expired or revoked before they reach a service.
  app.use('/api', async (req: Request, res: Response, next: NextFunction) => {
    const token = readToken(req);
    if (token && req.cookies?.[SESSION_COOKIE]) {
      try {
        await verify(token);
      } catch (e) {
        // The auth service could not say whether the session is still active: the service refuses this
        // request itself, but the browser keeps its cookie (a short auth outage must not log everyone out).
        if ((e as { code?: string }).code === 'UNAVAILABLE') return next();
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        stripSessionCookie(req);
      }
    }
    next();
  });
  app.use('/api', originCheck(cfg));
  app.use('/api', bodyLimit);
  // JSON bodies are checked (depth, control characters) before proxying; the rate limits read the e-mail.
  app.use(
    '/api',
    jsonBodyGuard(JSON_LIMIT_BYTES, (req) => Boolean(matchRoute(req.originalUrl.split('?')[0]!)?.upload)),
  );
  app.use('/api', rateLimitMiddleware(store, rateOverrides));

  // Keep-alive upstream connections; idle sockets are dropped before the services' 5 s keep-alive timeout.
  const agent = new Agent({ keepAlive: true, timeout: 4000 });
  const proxies = Object.fromEntries(
    (Object.entries(serviceUpstreams(cfg)) as [ServiceName, string][])
      .map(([name, list]) => [name, new UpstreamPool(list)] as const)
      .map(([name, upstream]) => [
        name,
        createProxyMiddleware<Request, Response>({
          target: upstream.targets[0],
          router: upstream.pick,
          changeOrigin: true,
          xfwd: true,
          agent,
          proxyTimeout: cfg.UPSTREAM_TIMEOUT_MS,
          pathRewrite: (_p, req) => req.originalUrl,
          on: {
            proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => writeBufferedBody(proxyReq, req as Request),
            // The service answered before the whole body arrived (e.g. 401/403 to an upload): it will not
            // read the rest, so stop sending it there, read it here, and close that upstream connection.
            proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
              if (req.readableEnded) return;
              drainRequest(req, res);
              res.once('close', () => (proxyRes as IncomingMessage & { req?: ClientRequest }).req?.destroy());
            },
            error: (err: Error, req: IncomingMessage, res: ServerResponse | import('node:net').Socket) => {
              // The upstream connection we closed after an early, complete answer: not a failure of the service.
              if ((req as IncomingMessage & { draining?: boolean }).draining && 'writeHead' in res && res.writableFinished) return;
              const code = (err as NodeJS.ErrnoException).code;
              const started = (req as Request & { proxyStartedAt?: number }).proxyStartedAt ?? Date.now();
              // http-proxy aborts a request that hit proxyTimeout, which surfaces as ECONNRESET.
              const timedOut =
                code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || (code === 'ECONNRESET' && Date.now() - started >= cfg.UPSTREAM_TIMEOUT_MS - 20);
              log.warn({ service: name, code, path: (req as Request).originalUrl }, 'upstream failed');
              upstream.failed(req, code);
              if (!('writeHead' in res) || res.headersSent) {
                // The whole answer is out (e.g. a 401 to an upload): read the rest of the body, keep the connection.
                if ('writeHead' in res && res.writableFinished) drainRequest(req, res);
                else if ('destroy' in res) res.destroy();
                return;
              }
              const status = timedOut ? 504 : 502;
              const label = SERVICE_LABELS[name];
              const detail = timedOut
                ? `Der Dienst „${label}“ hat nicht rechtzeitig geantwortet. Bitte versuche es später erneut.`
                : `Der Dienst „${label}“ ist zurzeit nicht erreichbar. Bitte versuche es später erneut.`;
              res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
              res.end(JSON.stringify({ detail }));
            },
          },
        }),
      ]),
  ) as unknown as Record<ServiceName, express.RequestHandler>;

  app.use('/api', (req, res, next) => {
    const route = matchRoute(req.originalUrl.split('?')[0]!);
    if (!route) {
      res.status(404).json({ detail: 'Diese Schnittstelle gibt es nicht.' });
      return;
    }
    (req as Request & { proxyStartedAt?: number }).proxyStartedAt = Date.now();
    proxies[route.service](req, res, next);
  });

  if (cfg.WEB_DIST && existsSync(path.join(cfg.WEB_DIST, 'index.html'))) {
    app.use(express.static(cfg.WEB_DIST, { index: false, maxAge: '1h', setHeaders: noCacheHtml }));
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(cfg.WEB_DIST, 'index.html'));
    });
  } else {
    app.get(/.*/, (_req, res) => {
      res.status(503).type('text/plain; charset=utf-8').send('Die Weboberfläche wurde nicht gebaut (npm run build).');
    });
  }
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Diese Schnittstelle gibt es nicht.' });
  });
  app.use(errorHandler(log));
  return app;
}

function noCacheHtml(res: ServerResponse, file: string) {
  if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}

function stripSessionCookie(req: Request) {
  const cookie = req.headers.cookie;
  if (!cookie) return;
  const rest = cookie
    .split(';')
    .map((c) => c.trim())
    .filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  if (rest.length) req.headers.cookie = rest.join('; ');
  else delete req.headers.cookie;
  if (req.cookies) delete (req.cookies as Record<string, string>)[SESSION_COOKIE];
}

/** Refuse cross-site state changes: a browser always sends Origin on them. */
function originCheck(cfg: GatewayConfig) {
  const allowed = new Set([new URL(cfg.PUBLIC_BASE_URL).origin]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
    const origin = req.headers.origin;
    if (!origin) return next();
    const host = req.headers.host;
    if (allowed.has(origin) || (host && (origin === `http://${host}` || origin === `https://${host}`))) return next();
    res.status(403).json({ detail: 'Anfrage von einer fremden Seite abgelehnt.' });
  };
}

/** JSON bodies up to 1 MB, uploads up to 5 MB, by the declared length; services enforce the same limits while parsing. */
function bodyLimit(req: Request, res: Response, next: NextFunction) {
  const route = matchRoute(req.originalUrl.split('?')[0]!);
  const limit = route?.upload ? UPLOAD_LIMIT_BYTES : JSON_LIMIT_BYTES;
  const tooLarge = () => ({ detail: route?.upload ? 'Die Datei ist zu groß (maximal 5 MB).' : 'Die Anfrage ist zu groß (maximal 1 MB).' });
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    if (declared > DRAIN_MAX_BYTES) res.setHeader('Connection', 'close');
    res.status(413).json(tooLarge());
    drainRequest(req, res);
    return;
  }
  // Without a length we could only count by consuming the stream the proxy needs; browsers always send one.
  if (!req.headers['content-length'] && req.headers['transfer-encoding']) {
    res.status(411).json({ detail: 'Die Anfrage muss ihre Länge angeben.' });
    drainRequest(req, res);
    return;
  }
  next();
}

/** Most of a refused body the gateway reads and discards so the client gets its answer intact. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * An answer given before the request body was read (413, 411, a service's early 401/403) must reach
 * the client: closing while the client still sends makes the kernel reset the connection, and the
 * browser shows a network error instead of the answer. So the rest of the body is read and thrown
 * away; only a body beyond DRAIN_MAX_BYTES ends the connection (after the answer).
 */
function drainRequest(req: IncomingMessage & { draining?: boolean }, res: ServerResponse): void {
  if (req.readableEnded || req.draining) return;
  req.draining = true;
  req.unpipe();
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES && res.writableFinished) req.socket.destroy();
  });
  req.resume();
}
