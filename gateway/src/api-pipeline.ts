import { CLIENT_ADDRESS_HEADER, readToken, SESSION_COOKIE, type KeyValueStore, type TokenVerifier } from '@stundenplan/base';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { createJsonBodyGuard } from './body-guard.js';
import { watchBody } from './body-timeout.js';
import { drainRequest, DRAIN_MAX_BYTES } from './drain.js';
import type { Forward, ForwardRequest } from './proxy.js';
import { createRateLimiter, type RateOverrides } from './rate-limits.js';
import { matchRoute, type Route } from './route-table.js';

export const JSON_LIMIT_BYTES = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface ApiPipelineDeps {
  verify: TokenVerifier;
  store: KeyValueStore;
  forward: Forward;
  publicBaseUrl: string;
  /** A body that stops arriving for this long is answered 408 (body-timeout.ts). */
  bodyTimeoutMs: number;
  rateOverrides?: RateOverrides;
}

/**
 * Everything under /api, in order, as one handler (the path is canonical already, see
 * canonical-path.ts): the owning service by the route table, the session (an expired or revoked
 * cookie is dropped here), cross-site writes refused, body limits, JSON checked, rate limits, then
 * forwarded; all the while a body that stops arriving is answered 408. One handler instead of a middleware per step: this runs on every API request.
 */
export function createApiPipeline({ verify, store, forward, publicBaseUrl, bodyTimeoutMs, rateOverrides }: ApiPipelineDeps) {
  const parseCookies = cookieParser();
  const allowedOrigin = new URL(publicBaseUrl).origin;
  const guardJson = createJsonBodyGuard(JSON_LIMIT_BYTES);
  const limit = createRateLimiter(store, rateOverrides);

  async function handle(req: Request, res: Response): Promise<void> {
    const path = req.originalUrl.split('?')[0]!;
    const route = matchRoute(path);
    // The metrics of this request (app.ts) read the service from here instead of matching again.
    res.locals.service = route?.service;
    const upload = route?.upload === true;
    if (Number(req.headers['content-length']) > 0) watchBody(req, res, bodyTimeoutMs);
    parseCookies(req, res, () => undefined);
    await dropEndedSession(req, res, verify);
    if (!sameSiteWrite(req, allowedOrigin)) {
      res.status(403).json({ detail: 'Anfrage von einer fremden Seite abgelehnt.' });
      return;
    }
    if (refusedByLength(req, res, upload, route?.uploadLimit)) return;
    // Without a declared length there is no body (refusedByLength refused chunked ones): nothing to read.
    const body = upload || !Number(req.headers['content-length']) ? undefined : await guardJson(req, res);
    if (await limit(req, res, path, body)) return;
    if (!route) {
      res.status(404).json({ detail: 'Diese Schnittstelle gibt es nicht.' });
      drainRequest(req, res);
      return;
    }
    // The client as judged here (TRUST_PROXY), for the services' own per-address limits; never one a client sent.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? '';
    forward(route.service, req as unknown as ForwardRequest, res);
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    handle(req, res).catch(next);
  };
}

/** An expired or revoked session cookie goes no further (and the browser is told to drop it). */
async function dropEndedSession(req: Request, res: Response, verify: TokenVerifier): Promise<void> {
  const token = readToken(req);
  if (!token || !req.cookies?.[SESSION_COOKIE]) return;
  try {
    await verify(token);
  } catch (e) {
    // The auth service could not say whether the session is still active: the service refuses this
    // request itself, but the browser keeps its cookie (a short auth outage must not log everyone out).
    if ((e as { code?: string }).code === 'UNAVAILABLE') return;
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    stripSessionCookie(req);
  }
}

function stripSessionCookie(req: Request): void {
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

/** Cross-site state changes are refused: a browser always sends Origin on them. */
function sameSiteWrite(req: Request, allowedOrigin: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true;
  const origin = req.headers.origin;
  if (!origin) return true;
  const host = req.headers.host;
  return origin === allowedOrigin || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
}

/**
 * JSON bodies up to 1 MB, uploads up to 5 MB (or the route's own limit), by the declared length (the services
 * enforce the same limits while parsing); a body without a length is refused (browsers always send one, and
 * without it the gateway could only count by consuming the stream the service needs). True when answered.
 */
function refusedByLength(req: Request, res: Response, upload: boolean, own?: Route['uploadLimit']): boolean {
  const limit = upload ? (own?.bytes ?? UPLOAD_LIMIT_BYTES) : JSON_LIMIT_BYTES;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    if (declared > DRAIN_MAX_BYTES) res.setHeader('Connection', 'close');
    const detail = upload ? (own?.detail ?? 'Die Datei ist zu groß (maximal 5 MB).') : 'Die Anfrage ist zu groß (maximal 1 MB).';
    res.status(413).json({ detail });
    drainRequest(req, res);
    return true;
  }
  if (!req.headers['content-length'] && req.headers['transfer-encoding']) {
    res.status(411).json({ detail: 'Die Anfrage muss ihre Länge angeben.' });
    drainRequest(req, res);
    return true;
  }
  return false;
}
