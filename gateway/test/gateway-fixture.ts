import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, createMetrics, listen, closeServer, MemoryStore } from '@stundenplan/base';
import { startTestIssuer, type TestIssuer } from '@stundenplan/base/testing';
import { afterAll, beforeAll } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP upstream that records what reached it. */
export async function startUpstream(opts: { delayMs?: number } = {}) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = () => {
        if (req.url === '/readyz') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ status: 'ok', checks: { database: true } }));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: true, url: req.url }));
      };
      if (opts.delayMs) setTimeout(reply, opts.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** The service addresses of a gateway config, every one of them (or those named) at one upstream. */
export function servicesAt(
  url: string,
  names = ['AUTH', 'CLASSES', 'AVAILABILITY', 'SCHEDULING_SOLVER', 'DOCUMENT', 'NOTIFICATION', 'SCHOOL'],
): Record<string, string> {
  return Object.fromEntries(names.map((n) => [`${n}_SERVICE_URL`, url]));
}

// Both ways to the /api pipeline: the gateway's own listener (default) and Express's router (the switch off),
// each with one of the two proxies (path-and-input.int.test.ts pairs them the other way round).
export const GATEWAY_MODES: [fastApiPath: string, proxy: string][] = [
  ['true', 'builtin'],
  ['false', 'library'],
];

/** The gateway under test and its upstreams, set anew for each mode by useGateway. */
export let gateway: Server;
export let base: string;
export let upstream: Awaited<ReturnType<typeof startUpstream>>;
export let slow: Awaited<ReturnType<typeof startUpstream>>;
export let issuer: TestIssuer;
export let store: MemoryStore;
export let metrics: ReturnType<typeof createMetrics>;
export let webDist: string;

/**
 * Starts a gateway over real HTTP before the tests of the calling describe and stops it after them:
 * auth, classes, availability and document answer (recording what reached them), the solver is slow,
 * notification is down.
 */
export function useGateway(fastApiPath: string, proxy: string): void {
  beforeAll(async () => {
    metrics = createMetrics('gateway-test');
    webDist = mkdtempSync(path.join(os.tmpdir(), 'gw-web-'));
    upstream = await startUpstream();
    slow = await startUpstream({ delayMs: 1500 });
    issuer = await startTestIssuer();
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stundenplan</title><div id="root"></div>');
    const down = await closedPortUrl();
    const cfg = loadConfig({
      PORT: '0',
      AUTH_SERVICE_URL: upstream.url,
      CLASSES_SERVICE_URL: upstream.url,
      AVAILABILITY_SERVICE_URL: upstream.url,
      SCHEDULING_SOLVER_SERVICE_URL: slow.url,
      DOCUMENT_SERVICE_URL: upstream.url,
      NOTIFICATION_SERVICE_URL: down,
      LESSONS_SERVICE_URL: upstream.url,
      SCHOOL_SERVICE_URL: upstream.url,
      AUTH_JWKS_URL: issuer.jwksUrl,
      WEB_DIST: webDist,
      REQUEST_TIMEOUT_MS: '500',
      LOG_LEVEL: 'silent',
      GATEWAY_FAST_API_PATH: fastApiPath,
      GATEWAY_PROXY: proxy,
    });
    store = new MemoryStore();
    gateway = await listen(
      createGatewayApp({
        cfg,
        log: createLogger('gateway-test'),
        store,
        metrics,
        rateOverrides: { contact: { limit: 2, windowSeconds: 120 }, calendar: { limit: 2, windowSeconds: 120 } },
      }),
      0,
      '127.0.0.1',
    );
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeServer(gateway);
    await closeServer(upstream.server);
    await closeServer(slow.server);
    await issuer.close();
  });
}
