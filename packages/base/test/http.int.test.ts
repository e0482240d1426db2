import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/errors.js';
import { REQUEST_ID_HEADER, closeServer, createHttpApp, listen, parseInput, type ReadinessChecks } from '../src/http.js';
import { createMetrics } from '../src/metrics.js';
import { silentLogger } from './helpers.js';

/** createHttpApp over real HTTP on an ephemeral port. */
let server: Server;
let base: string;
const readiness: { database: boolean; store: 'ok' | 'throws' } = { database: true, store: 'ok' };

beforeAll(async () => {
  const checks: ReadinessChecks = {
    database: async () => readiness.database,
    store: async () => {
      if (readiness.store === 'throws') throw new Error('connection refused');
      return true;
    },
  };
  const app = createHttpApp({
    name: 'test-svc',
    log: silentLogger,
    metrics: createMetrics('test-svc'),
    readiness: checks,
    routes: (a) => {
      a.post('/echo', (req, res) => {
        res.json({ got: req.body as unknown });
      });
      a.get('/classes/:id', (req, res) => {
        if (req.params.id === 'missing') throw AppError.notFound('Klasse nicht gefunden');
        res.json({ id: req.params.id });
      });
      a.get('/public-list', (_req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.json({ items: [] });
      });
      a.get('/boom', () => {
        throw new Error('secret internals: password=geheim');
      });
      a.get('/async-boom', async () => {
        await Promise.resolve();
        throw new TypeError('Cannot read properties of undefined');
      });
      a.get('/limited', () => {
        throw new AppError('TOO_MANY_REQUESTS', 'Zu viele Anfragen', { extra: { wait_time: 42 } });
      });
      a.post('/validated', (req, res) => {
        const body = parseInput(z.object({ name: z.string({ error: 'Bitte gib einen Namen ein' }) }), req.body);
        res.status(201).json(body);
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeServer(server);
});

async function json(res: Response): Promise<unknown> {
  return JSON.parse(await res.text()) as unknown;
}

describe('createHttpApp health and metrics', () => {
  it('answers /healthz with ok and the service name', async () => {
    const res = await fetch(`${base}/healthz`);

    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok', service: 'test-svc' });
  });

  it('answers /readyz 200 when every check passes', async () => {
    readiness.database = true;
    readiness.store = 'ok';

    const res = await fetch(`${base}/readyz`);

    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok', service: 'test-svc', checks: { database: true, store: true } });
  });

  it('answers /readyz 503 and names the failing check when one returns false', async () => {
    readiness.database = false;
    readiness.store = 'ok';

    const res = await fetch(`${base}/readyz`);

    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ status: 'unavailable', service: 'test-svc', checks: { database: false, store: true } });
    readiness.database = true;
  });

  it('answers /readyz 503 when a check throws', async () => {
    readiness.store = 'throws';

    const res = await fetch(`${base}/readyz`);

    expect(res.status).toBe(503);
    expect(((await json(res)) as { checks: Record<string, boolean> }).checks).toEqual({ database: true, store: false });
    readiness.store = 'ok';
  });

  it('exposes Prometheus metrics counting requests by route and status', async () => {
    await fetch(`${base}/classes/c1`);
    await fetch(`${base}/classes/c2`);

    const res = await fetch(`${base}/metrics`);
    const text = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/http_requests_total\{[^}]*method="GET"[^}]*route="\/classes\/:id"[^}]*status="200"[^}]*\} 2/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('service="test-svc"');
  });

  it('sends back the caller request id, or a fresh one', async () => {
    const given = await fetch(`${base}/healthz`, { headers: { [REQUEST_ID_HEADER]: 'req-123' } });
    const fresh = await fetch(`${base}/healthz`);

    expect(given.headers.get(REQUEST_ID_HEADER)).toBe('req-123');
    expect(fresh.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps answers out of every cache by default (no-store, no ETag); a route can say otherwise', async () => {
    const res = await fetch(`${base}/classes/abc`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    const cached = await fetch(`${base}/public-list`);
    expect(cached.headers.get('cache-control')).toBe('public, max-age=300');
    const failed = await fetch(`${base}/classes/missing`);
    expect(failed.headers.get('cache-control')).toBe('no-store');
  });

  it('does not announce Express', async () => {
    const res = await fetch(`${base}/healthz`);

    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('createHttpApp errors', () => {
  it('answers an unknown route with 404 { detail }', async () => {
    const res = await fetch(`${base}/does-not-exist`);

    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ detail: 'Diese Schnittstelle gibt es nicht.' });
  });

  it('answers a thrown AppError with its status and detail', async () => {
    const res = await fetch(`${base}/classes/missing`);

    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ detail: 'Klasse nicht gefunden' });
  });

  it('keeps the extra fields of an AppError, e.g. wait_time on 429', async () => {
    const res = await fetch(`${base}/limited`);

    expect(res.status).toBe(429);
    expect(await json(res)).toEqual({ detail: 'Zu viele Anfragen', wait_time: 42 });
  });

  it.each(['/boom', '/async-boom'])('answers a plain Error thrown in %s with 500 and no internals', async (path) => {
    const res = await fetch(`${base}${path}`);
    const text = await res.text();

    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ detail: 'Interner Serverfehler' });
    expect(text).not.toMatch(/geheim|stack|Cannot read|at .*\.ts/);
  });

  it('answers a path parameter that cannot be decoded (%ZZ) with 400, not 500', async () => {
    const res = await fetch(`${base}/classes/%ZZ`);

    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ detail: 'Ungültige Anfrage' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });

    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ detail: 'Ungültiger JSON-Inhalt' });
  });

  it('accepts a JSON body just under 1 MB', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(1024 * 1024 - 100) });

    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

    expect(res.status).toBe(200);
  });

  it('answers a body over 1 MB with 413 and a German detail', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) });

    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ detail: 'Die Anfrage ist zu groß' });
  });

  it('answers invalid input with 400 and the schema message', async () => {
    const bad = await fetch(`${base}/validated`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": 5}' });
    const good = await fetch(`${base}/validated`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": "Anna"}' });

    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ detail: 'Bitte gib einen Namen ein' });
    expect(good.status).toBe(201);
  });
});

describe('listen / closeServer', () => {
  it('closes a server even while a keep-alive connection is open', async () => {
    const app = createHttpApp({ name: 'x', log: silentLogger, metrics: createMetrics('x'), readiness: {}, routes: () => undefined });
    const s = await listen(app, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/healthz`;
    expect((await fetch(url)).status).toBe(200);

    await closeServer(s);

    await expect(fetch(url)).rejects.toThrow();
  });

  it('rejects when the port is taken', async () => {
    const port = (server.address() as AddressInfo).port;
    const app = createHttpApp({ name: 'y', log: silentLogger, metrics: createMetrics('y'), readiness: {}, routes: () => undefined });

    await expect(listen(app, port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });
});
