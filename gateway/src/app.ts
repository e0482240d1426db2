import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import {
  createMetrics,
  createTokenVerifier,
  errorHandler,
  loopbackOnly,
  REQUEST_ID_HEADER,
  type KeyValueStore,
  type Logger,
  type ServiceMetrics,
} from '@stundenplan/base';
import express, { type Request, type Response } from 'express';
import { createApiPipeline } from './api-pipeline.js';
import { canonicalUrl } from './canonical-path.js';
import type { GatewayConfig } from './config.js';
import { healthRoutes } from './health-routes.js';
import { OPENAPI_PATH, openApiRoute } from './openapi-route.js';
import { createProxy } from './proxy.js';
import { createLibraryProxy } from './proxy-library.js';
import type { RateOverrides } from './rate-limits.js';
import { securityHeaders } from './security-headers.js';
import { serveWebApp } from './static-assets.js';
import { serviceUpstreams, serviceUrls } from './upstream-config.js';

export { JSON_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from './api-pipeline.js';
export { DRAIN_MAX_BYTES } from './drain.js';
export { serviceUpstreams, serviceUrls } from './upstream-config.js';

/** Headers only the platform may set; a client sending them is ignored. */
const INTERNAL_HEADER = /^(x-internal-|x-user-|x-forwarded-user|x-auth-|x-service-)/i;

export interface GatewayDeps {
  cfg: GatewayConfig;
  log: Logger;
  store: KeyValueStore;
  rateOverrides?: RateOverrides;
  /** Filled here, served by the internal metrics server. */
  metrics?: ServiceMetrics;
}

/**
 * The gateway: one canonical path per request (canonical-path.ts), request id and metrics, security
 * headers, then the /api pipeline to the services (api-pipeline.ts, proxy.ts), or the Express app
 * for health, the local mail outbox and the web app. The /api pipeline is called directly, not
 * through Express's router: it is the path every API request takes, and a router walk per request
 * was a measurable part of the gateway's work under load (docs/adr/, "the gateway's own request
 * listener"). It still gets Express's request and response (req.ip with TRUST_PROXY, res.json), as
 * the app sets them up. With GATEWAY_FAST_API_PATH=false the same steps are ordinary Express
 * middleware and every request goes through Express's router.
 */
export function createGatewayApp({ cfg, log, store, rateOverrides, metrics = createMetrics('gateway') }: GatewayDeps): RequestListener {
  const app = express();
  const urls = serviceUrls(cfg);
  app.disable('x-powered-by');
  // Per-IP rate limits key on req.ip: behind an Ingress, TRUST_PROXY lets it be the client's address.
  app.set('trust proxy', cfg.TRUST_PROXY);
  // One canonical path decides the limit, the route and what the service gets.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);

  const proxy = (cfg.GATEWAY_PROXY === 'library' ? createLibraryProxy : createProxy)({
    upstreams: serviceUpstreams(cfg),
    timeoutMs: cfg.UPSTREAM_TIMEOUT_MS,
    log,
  });
  const verify = createTokenVerifier({ jwksUrl: cfg.AUTH_JWKS_URL, store });
  const api = createApiPipeline({
    verify,
    store,
    forward: proxy.forward,
    publicBaseUrl: cfg.PUBLIC_BASE_URL,
    bodyTimeoutMs: cfg.BODY_TIMEOUT_MS,
    rateOverrides,
  });
  const context = requestContext(metrics);
  const secure = securityHeaders(cfg);
  const isApi = (p: string) => (p === '/api' || p.startsWith('/api/')) && p !== '/api/healthz' && p !== OPENAPI_PATH;

  if (!cfg.GATEWAY_FAST_API_PATH) {
    // The ordinary way: the same first steps and the same /api pipeline, as middleware behind Express's router.
    app.use((req, res, next) => {
      secure(res);
      if (canonicalUrl(req, res) === undefined) return;
      context(req, res);
      next();
    });
    app.use('/api', (req, res, next) => {
      if (isApi(req.originalUrl.split('?')[0]!)) api(req, res, next);
      else next();
    });
  }
  healthRoutes(app, urls, store);
  openApiRoute(app);
  // /metrics is served on the internal METRICS_PORT only (see metrics-server.ts), never here.

  // Mail outbox for people running it locally (embedded mode only), for clients on this machine only.
  if (cfg.DEV_MAIL) {
    app.use(['/dev/mail', '/dev/mail.json'], loopbackOnly(), (req, res) => {
      req.url = req.originalUrl;
      proxy.forward('notification', req, res, { xfwd: false });
    });
  }

  if (cfg.WEB_DIST && existsSync(path.join(cfg.WEB_DIST, 'index.html'))) {
    serveWebApp(app, { dist: cfg.WEB_DIST, sourceMaps: cfg.WEB_SOURCE_MAPS });
  } else {
    app.get(/.*/, (_req, res) => {
      res.status(503).type('text/plain; charset=utf-8').send('Die Weboberfläche wurde nicht gebaut (npm run build).');
    });
  }
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Diese Schnittstelle gibt es nicht.' });
  });
  const onError = errorHandler(log);
  app.use(onError);
  if (!cfg.GATEWAY_FAST_API_PATH) return app;

  const answerError = (req: Request, res: Response) => (err?: unknown) => onError(err, req, res, () => undefined);

  return (rawReq, rawRes) => {
    const req = rawReq as Request;
    const res = rawRes as Response;
    // What Express's app.handle does first (express/lib/application.js), so req.ip, res.json etc. work.
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals ??= Object.create(null);
    // As Express's router does: an exception while handling one request answers that request (500), it
    // never ends the process.
    try {
      secure(res);
      const p = canonicalUrl(req, res);
      if (p === undefined) return;
      context(req, res);
      if (isApi(p)) api(req, res, answerError(req, res));
      else app(req, res);
    } catch (err) {
      answerError(req, res)(err);
    }
  };
}

/** Platform headers from clients dropped; a request id (the client's if well-formed); metrics per route. */
function requestContext(metrics: ServiceMetrics) {
  return (req: Request, res: Response): void => {
    for (const h of Object.keys(req.headers)) if (INTERNAL_HEADER.test(h)) delete req.headers[h];
    const given = req.headers[REQUEST_ID_HEADER];
    const id = typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // The /api pipeline leaves the owning service of the route in res.locals (one route match per request).
      // originalUrl: inside app.use('/api', …) Express shortens req.url and the proxy never hands it back.
      const route = req.originalUrl.startsWith('/api/') ? ((res.locals.service as string | undefined) ?? 'unknown') : 'static';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  };
}
