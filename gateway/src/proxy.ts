import { Agent, request, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from '@stundenplan/base';
import type { WatchedRequest } from './body-timeout.js';
import { drainRequest } from './drain.js';
import { SERVICE_LABELS, type ServiceName } from './route-table.js';
import { UpstreamPool } from './upstreams.js';

/**
 * The gateway's forwarding of an /api request to the service that owns it: one keep-alive
 * connection pool for all services, the canonical path and the original headers (minus hop-by-hop
 * ones, plus X-Forwarded-*), the body either already read (JSON, checked by body-guard.ts) or
 * streamed (uploads). A service that does not answer in time is a 504, one that cannot be reached a
 * 502, both with a German `detail`. Written by hand instead of a proxy library: it is on every
 * request, and this is a few function calls per request where the library took several layers.
 */
export interface ProxyOptions {
  upstreams: Record<ServiceName, string>;
  timeoutMs: number;
  log: Logger;
}

/** `originalUrl`: the whole canonical path (Express strips the mount path from `url`). */
export type ForwardRequest = IncomingMessage & { rawBody?: Buffer; protocol?: string; originalUrl?: string };
/** `xfwd: false`: no X-Forwarded-* headers (the local mail outbox answers only direct loopback clients). */
export type Forward = (service: ServiceName, req: ForwardRequest, res: ServerResponse, opts?: { xfwd?: boolean }) => void;

/** Headers that belong to one connection, never forwarded (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization']);

export function createProxy({ upstreams, timeoutMs, log }: ProxyOptions): { forward: Forward; close(): void } {
  // Idle sockets are dropped before the services' 5 s keep-alive timeout closes them under us.
  const agent = new Agent({ keepAlive: true, timeout: 4000, scheduling: 'lifo' });
  const pools = upstreamPools(upstreams);
  const targets = new Map<string, URL>();
  const targetUrl = (t: string) => {
    let u = targets.get(t);
    if (!u) targets.set(t, (u = new URL(t)));
    return u;
  };

  const forward: Forward = (service, req, res, opts = {}) => {
    const pool = pools[service];
    const target = targetUrl(pool.pick(req));
    const headers = upstreamHeaders(req, target, opts.xfwd !== false);
    const raw = req.rawBody;
    if (raw && req.readableEnded) headers['content-length'] = String(raw.length);
    const started = Date.now();
    const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.originalUrl ?? req.url, headers, agent });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      up.destroy(new Error('upstream timeout'));
    }, timeoutMs);

    up.on('response', (upRes) => {
      clearTimeout(timer);
      answerFromUpstream(req, res, up, upRes);
    });
    // Set when the client went away first and we ended the upstream request ourselves.
    let clientGone = false;
    up.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // The upstream connection we closed after an early, complete answer: not a failure of the service.
      if ((req as { draining?: boolean }).draining && res.writableFinished) return;
      // Ended by us because the client left: not a failure either, and no reason to leave the replica out.
      if (clientGone) return;
      upstreamFailed({ service, req, res, pool, log, started, timedOut, code: err.code });
    });
    // The client went away before the answer, or its body stopped arriving and the gateway answered
    // 408 (body-timeout.ts): the service's work is not needed any more, and it is no failure of the service.
    res.once('close', () => {
      if (res.writableFinished && !(req as WatchedRequest).bodyTimedOut) return;
      clientGone = true;
      up.destroy();
    });

    if (raw && req.readableEnded) up.end(raw);
    else if (req.readableEnded) up.end();
    else req.pipe(up);
  };

  return { forward, close: () => agent.destroy() };
}

/** Writes the service's answer to the client (hop-by-hop headers dropped) and handles an early answer. */
export function answerFromUpstream(req: ForwardRequest, res: ServerResponse, up: ClientRequest, upRes: IncomingMessage): void {
  res.writeHead(upRes.statusCode ?? 502, responseHeaders(upRes.headers));
  upRes.pipe(res);
  // The service answered before the whole body arrived (e.g. 401/403 to an upload): it will not read
  // the rest, so stop sending it there, read it here, and close that upstream connection afterwards.
  if (!req.readableEnded) {
    req.unpipe(up);
    drainRequest(req, res);
    res.once('close', () => up.destroy());
  }
  upRes.once('error', () => res.destroy());
}

/** A failed forwarding (not one the client ended): logged, counted against the replica, answered 502 or 504. */
export function upstreamFailed(o: {
  service: ServiceName;
  req: ForwardRequest;
  res: ServerResponse;
  pool: UpstreamPool;
  log: Logger;
  started: number;
  /** Ended by the gateway's own timer (504), not by the network (502). */
  timedOut: boolean;
  code: string | undefined;
}): void {
  const { service, req, res, timedOut } = o;
  const code = timedOut ? 'ETIMEDOUT' : o.code;
  o.log.warn({ service, code, path: req.originalUrl ?? req.url, ms: Date.now() - o.started, requestId: req.headers['x-request-id'] }, 'upstream failed');
  o.pool.failed(req, code);
  if (res.headersSent) {
    // The whole answer is out (e.g. a 401 to an upload): read the rest of the body, keep the connection.
    if (res.writableFinished) drainRequest(req, res);
    else res.destroy();
    return;
  }
  const label = SERVICE_LABELS[service];
  const detail = timedOut
    ? `Der Dienst „${label}“ hat nicht rechtzeitig geantwortet. Bitte versuche es später erneut.`
    : `Der Dienst „${label}“ ist zurzeit nicht erreichbar. Bitte versuche es später erneut.`;
  res.writeHead(timedOut ? 504 : 502, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ detail }));
  if (!req.readableEnded) drainRequest(req, res);
}

/** The service pools by name (replicas round robin, see upstreams.ts). */
export function upstreamPools(upstreams: Record<ServiceName, string>): Record<ServiceName, UpstreamPool> {
  return Object.fromEntries(Object.entries(upstreams).map(([name, list]) => [name, new UpstreamPool(list)])) as Record<ServiceName, UpstreamPool>;
}

/** The header names the client's `Connection` header lists: they belong to that connection too. */
function connectionTokens(headers: IncomingHttpHeaders): string[] {
  return typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(/\s*,\s*/) : [];
}

/** Removes, in place, the headers that belong to the client's connection (also those named in `Connection`). */
export function dropHopByHop(headers: IncomingHttpHeaders): void {
  const named = connectionTokens(headers);
  for (const k of Object.keys(headers)) if (HOP_BY_HOP.has(k) || named.includes(k)) delete headers[k];
}

function upstreamHeaders(req: ForwardRequest, target: URL, xfwd: boolean): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const named = connectionTokens(req.headers);
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || named.includes(k)) continue;
    out[k] = v;
  }
  out.host = target.host;
  if (!xfwd) return out;
  const remote = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  out['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${remote}` : remote;
  out['x-forwarded-proto'] ??= req.protocol ?? 'http';
  out['x-forwarded-host'] ??= req.headers.host ?? '';
  out['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
  return out;
}

function responseHeaders(h: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}
