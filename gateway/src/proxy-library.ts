import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import type { WatchedRequest } from './body-timeout.js';
import { answerFromUpstream, dropHopByHop, upstreamFailed, upstreamPools, type Forward, type ForwardRequest, type ProxyOptions } from './proxy.js';

/** What one forwarding needs to know when the library reports back (keyed by the client's request). */
interface Flight {
  up?: ClientRequest;
  timedOut: boolean;
  clientGone: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * The gateway's forwarding over a maintained proxy library (`http-proxy-3`, the maintained successor of
 * `http-proxy`): it builds the upstream request, adds the X-Forwarded-* headers and pipes the body. The
 * gateway keeps what it promises beyond a library's defaults (docs/adr/0005): the canonical path, one
 * keep-alive pool, the already-read JSON body sent as it is, its own answer writing (hop-by-hop headers
 * dropped, early answers to uploads, see proxy.ts), and the 502/504 answers with a German detail.
 * `GATEWAY_PROXY=library` selects it; `builtin` is the hand-written proxy.ts.
 */
export function createLibraryProxy({ upstreams, timeoutMs, log }: ProxyOptions): { forward: Forward; close(): void } {
  // Idle sockets are dropped before the services' 5 s keep-alive timeout closes them under us.
  const agent = new Agent({ keepAlive: true, timeout: 4000, scheduling: 'lifo' });
  const proxy = createProxyServer({ agent, changeOrigin: true, selfHandleResponse: true, proxyTimeout: timeoutMs });
  const pools = upstreamPools(upstreams);
  const flights = new WeakMap<IncomingMessage, Flight>();

  proxy.on('proxyReq', (up: ClientRequest, req: IncomingMessage) => {
    const flight = flights.get(req);
    if (!flight) return;
    flight.up = up;
    if (flight.timedOut) up.destroy(new Error('upstream timeout'));
  });
  proxy.on('proxyRes', (upRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    const flight = flights.get(req);
    if (flight) clearTimeout(flight.timer);
    if (flight?.up) answerFromUpstream(req, res, flight.up, upRes);
  });

  const forward: Forward = (service, req, res, opts = {}) => {
    const pool = pools[service];
    const target = pool.pick(req);
    const raw = req.rawBody;
    const flight: Flight = { timedOut: false, clientGone: false };
    flights.set(req, flight);
    dropHopByHop(req.headers);
    if (raw && req.readableEnded) req.headers['content-length'] = String(raw.length);
    // The canonical path: Express shortens req.url inside a mount, the library forwards req.url.
    req.url = req.originalUrl ?? req.url;
    const started = Date.now();
    flight.timer = setTimeout(() => {
      flight.timedOut = true;
      flight.up?.destroy(new Error('upstream timeout'));
    }, timeoutMs);
    // Registered before the library's own listener: a client that leaves is no failure of the service.
    res.once('close', () => {
      if (res.writableFinished && !(req as WatchedRequest).bodyTimedOut) return;
      flight.clientGone = true;
      flight.up?.destroy();
    });
    const body = req.readableEnded ? Readable.from(raw ? [raw] : []) : undefined;
    void proxy.web(req, res, { target, xfwd: opts.xfwd !== false, buffer: body }, (err: NodeJS.ErrnoException) => {
      clearTimeout(flight.timer);
      // The upstream connection we closed after an early, complete answer: not a failure of the service.
      if ((req as ForwardRequest & { draining?: boolean }).draining && res.writableFinished) return;
      if (flight.clientGone) return;
      upstreamFailed({ service, req, res, pool, log, started, timedOut: flight.timedOut, code: err.code });
    });
  };

  return { forward, close: () => agent.destroy() };
}
