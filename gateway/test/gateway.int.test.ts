import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, createMetrics, listen, closeServer, MemoryStore } from '@stundenplan/base';
import { startTestIssuer, type TestIssuer } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApiText } from '@stundenplan/contracts/openapi';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP upstream that records what reached it. */
async function startUpstream(opts: { delayMs?: number } = {}) {
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

async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

// Both ways to the /api pipeline: the gateway's own listener (default) and Express's router (the switch off),
// each with one of the two proxies (path-and-input.int.test.ts pairs them the other way round).
describe.each([
  ['true', 'builtin'],
  ['false', 'library'],
])('gateway over real HTTP (GATEWAY_FAST_API_PATH=%s, GATEWAY_PROXY=%s)', (fastApiPath, proxy) => {
  let gateway: Server;
  let base: string;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let slow: Awaited<ReturnType<typeof startUpstream>>;
  let issuer: TestIssuer;
  let store: MemoryStore;
  const metrics = createMetrics('gateway-test');
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'gw-web-'));

  beforeAll(async () => {
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

  it('sends a SPEC path to its owning service with the original path', async () => {
    const res = await fetch(`${base}/api/classes/abc/members`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, url: '/api/classes/abc/members' });
  });

  it('counts each request under the service that owns its route, unknown /api paths and the web app apart', async () => {
    const count = async (route: string, status: string) =>
      (await metrics.httpRequests.get()).values.find((v) => v.labels.route === route && v.labels.status === status && v.labels.method === 'GET')?.value ?? 0;
    const before = { classes: await count('classes', '200'), unknown: await count('unknown', '404'), web: await count('static', '200') };
    await (await fetch(`${base}/api/classes/abc/members`)).text();
    await (await fetch(`${base}/api/nope`)).text();
    await (await fetch(`${base}/login`)).text();
    // Counted on the response's 'finish', which can come a moment after the client has read it.
    await vi.waitFor(async () => {
      expect(await count('classes', '200')).toBe(before.classes + 1);
      expect(await count('unknown', '404')).toBe(before.unknown + 1);
      expect(await count('static', '200')).toBe(before.web + 1);
    });
  });

  it('answers an unknown /api path with 404 and a German detail', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/gibt es nicht/);
  });

  it('answers 502 with a German detail when the owning service is down and keeps serving others', async () => {
    const res = await fetch(`${base}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toContain('Benachrichtigungen');
    const other = await fetch(`${base}/api/institutions`);
    expect(other.status).toBe(200);
  });

  it('answers 504 with a German detail when the service is too slow', async () => {
    const res = await fetch(`${base}/api/schedules?class_id=x`);
    expect(res.status).toBe(504);
    expect(((await res.json()) as { detail: string }).detail).toContain('nicht rechtzeitig');
  });

  it('strips internal headers a client sends and adds a request id', async () => {
    upstream.seen.length = 0;
    const res = await fetch(`${base}/api/institutions`, { headers: { 'x-user-id': 'evil', 'x-internal-role': 'teacher', 'x-auth-user': 'x' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const h = upstream.seen.at(-1)!.headers;
    expect(h['x-user-id']).toBeUndefined();
    expect(h['x-internal-role']).toBeUndefined();
    expect(h['x-auth-user']).toBeUndefined();
    expect(h['x-request-id']).toBe(res.headers.get('x-request-id'));
  });

  it('sets security headers', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBeTruthy();
  });

  it('denies powerful browser features the app never uses (Permissions-Policy) on the web app and the API', async () => {
    for (const url of ['/', '/api/institutions', '/api/gibt-es-nicht', '/api/%0a']) {
      const policy = (await fetch(`${base}${url}`)).headers.get('permissions-policy') ?? '';
      const features = Object.fromEntries(policy.split(/,\s*/).map((d) => d.split('=') as [string, string]));
      for (const f of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) expect(features[f], `${url} ${f}`).toBe('()');
    }
  });

  it('sets the same security headers on every kind of answer: web app, forwarded API, unknown API path, bad path, health', async () => {
    const security = (h: Headers) =>
      Object.fromEntries(
        [...h].filter(
          ([k]) => !/^(date|etag|last-modified|content-|accept-ranges|cache-control|connection|keep-alive|x-request-id|transfer-encoding|vary)/.test(k),
        ),
      );
    const web = security((await fetch(`${base}/`)).headers);
    expect(Object.keys(web).length).toBeGreaterThanOrEqual(10);
    for (const url of ['/api/institutions', '/api/gibt-es-nicht', '/api/%0a', '/healthz']) {
      const res = await fetch(`${base}${url}`);
      expect({ url, headers: security(res.headers) }).toEqual({ url, headers: web });
    }
  });

  it('answers /api itself as an unknown API path (JSON), not with the web app', async () => {
    for (const url of ['/api', '/api/', '//api']) {
      const res = await fetch(`${base}${url}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { detail: string }).detail).toBe('Diese Schnittstelle gibt es nicht.');
    }
  });

  it('refuses a JSON body over 1 MB with 413 and a German detail', async () => {
    const big = JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) });
    const res = await fetch(`${base}/api/classes`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/zu groß/);
  });

  it('accepts an upload up to 5 MB but refuses one above', async () => {
    const ok = await fetch(`${base}/api/extract-hmtm-csv`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'a'.repeat(2 * 1024 * 1024) });
    expect(ok.status).toBe(200);
    const tooBig = await fetch(`${base}/api/extract-hmtm-csv`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: 'a'.repeat(5 * 1024 * 1024 + 1),
    });
    expect(tooBig.status).toBe(413);
  });

  it('refuses state-changing requests from a foreign origin', async () => {
    const res = await fetch(`${base}/api/classes`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('rate-limits the contact form with 429 and wait_time in seconds', async () => {
    const send = () =>
      fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' },
        body: JSON.stringify({ name: 'x' }),
      });
    await send();
    await send();
    const third = await send();
    expect(third.status).toBe(429);
    const body = (await third.json()) as { detail: string; wait_time: number };
    expect(body.wait_time).toBeGreaterThan(0);
    expect(body.wait_time).toBeLessThanOrEqual(120);
    expect(body.detail).toBeTruthy();
  });

  it('rate-limits the public calendar links per IP (docs/product/api.md), not the session calendar', async () => {
    const get = (p: string) => fetch(`${base}${p}`, { headers: { 'X-Forwarded-For': '10.8.8.8' } });
    const link = '/api/calendar/abcDEF_-0123456789abcdefghijklmnopqrstuvwxyz01.ics';
    expect((await get(link)).status).not.toBe(429);
    expect((await get(link)).status).not.toBe(429);
    const third = await get(link);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { detail: string }).detail).toBe('Zu viele Kalenderabrufe. Bitte versuche es später erneut.');
    expect((await get('/api/me/calendar.ics')).status).not.toBe(429);
  });

  it('limits resending the confirmation link per account (it checks a password), body passed on unchanged', async () => {
    upstream.seen.length = 0;
    const send = (ip: string) =>
      fetch(`${base}/api/auth/resend-confirmation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body: JSON.stringify({ email: 'Resend@B.de', password: 'geheim123' }),
      });
    for (let i = 0; i < 5; i++) expect((await send(`10.8.0.${i}`)).status).not.toBe(429);
    expect(JSON.parse(upstream.seen.at(-1)!.body)).toEqual({ email: 'Resend@B.de', password: 'geheim123' });
    const sixth = await send('10.8.0.99');
    expect(sixth.status).toBe(429);
    const body = (await sixth.json()) as { detail: string; wait_time: number };
    expect(body.detail).toBe('Zu viele Anfragen für einen neuen Bestätigungs-Link. Bitte warte einen Moment und versuche es erneut.');
    expect(body.wait_time).toBeGreaterThan(0);
  });

  it('re-sends the parsed login body upstream unchanged', async () => {
    upstream.seen.length = 0;
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.de', password: 'geheim123' }),
    });
    expect(JSON.parse(upstream.seen.at(-1)!.body)).toEqual({ email: 'a@b.de', password: 'geheim123' });
  });

  it('drops a revoked session cookie before it reaches a service', async () => {
    const token = await issuer.sign({ role: 'teacher' }, { sessionId: 'sess-revoked' });
    await store.set('revoked:session:sess-revoked', '1', 60);
    upstream.seen.length = 0;
    const res = await fetch(`${base}/api/me/classes`, { headers: { Cookie: `sp_session=${token}; other=1` } });
    expect(res.status).toBe(200);
    expect(upstream.seen.at(-1)!.headers.cookie).toBe('other=1');
  });

  it('passes a valid session cookie through', async () => {
    const token = await issuer.sign({ role: 'student' });
    upstream.seen.length = 0;
    await fetch(`${base}/api/me/classes`, { headers: { Cookie: `sp_session=${token}` } });
    expect(upstream.seen.at(-1)!.headers.cookie).toBe(`sp_session=${token}`);
  });

  it('serves the SPA for every client route', async () => {
    for (const p of ['/', '/login', '/me/classes', '/scheduling/step-2', '/register/wort-wort-wort&memberId=x', '/irgendwas']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves the OpenAPI 3.1 document of the contracts at /api/openapi.json, without a session', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    expect(text).toBe(openApiText());
    const doc = JSON.parse(text) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/cp-sat-berechnung-from-db']?.post?.operationId).toBe('calculate');
  });

  it('aggregates readiness of every service at /api/healthz', async () => {
    const res = await fetch(`${base}/api/healthz`);
    const body = (await res.json()) as { services: Record<string, { status: string }> };
    expect(Object.keys(body.services).sort()).toEqual(['auth', 'availability', 'classes', 'document', 'notification', 'scheduling-solver']);
    expect(body.services.notification?.status).toBe('unreachable');
    expect(body.services.auth?.status).toBe('ok');
    expect(res.status).toBe(503);
  });

  it('stays ready itself while a service is down, so Kubernetes keeps routing the other services to it', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { store: true } });
  });
});

describe('TRUST_PROXY: whose address the per-IP rate limits count', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  const gateways: Server[] = [];

  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    for (const g of gateways) await closeServer(g);
    await closeServer(upstream.server);
  });

  async function gatewayWith(trustProxy: string | undefined): Promise<string> {
    const cfg = loadConfig({
      PORT: '0',
      NOTIFICATION_SERVICE_URL: upstream.url,
      LOG_LEVEL: 'silent',
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    const app = createGatewayApp({
      cfg,
      log: createLogger('gateway-test'),
      store: new MemoryStore(),
      rateOverrides: { contact: { limit: 2, windowSeconds: 120 } },
    });
    const server = await listen(app, 0, '127.0.0.1');
    gateways.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const contact = (base: string, forwardedFor: string) =>
    fetch(`${base}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor }, body: '{}' });

  it('parses a hop count, true/false and address lists; loopback by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).TRUST_PROXY).toBe('loopback, uniquelocal');
  });

  it("with one trusted hop (an Ingress in front), each forwarded client has its own limit, and only the hop's entry counts", async () => {
    const base = await gatewayWith('1');
    expect((await contact(base, '203.0.113.1')).status).toBe(200);
    expect((await contact(base, '203.0.113.1')).status).toBe(200);
    expect((await contact(base, '203.0.113.1')).status).toBe(429);
    // Another client behind the same Ingress is not blocked by the first one.
    expect((await contact(base, '203.0.113.2')).status).toBe(200);
    // A client-made entry in front of the Ingress's own one does not help.
    expect((await contact(base, 'spoofed, 203.0.113.1')).status).toBe(429);
  });

  it('with TRUST_PROXY=false, X-Forwarded-For is ignored and the connecting address counts', async () => {
    const base = await gatewayWith('false');
    expect((await contact(base, '198.51.100.1')).status).toBe(200);
    expect((await contact(base, '198.51.100.2')).status).toBe(200);
    expect((await contact(base, '198.51.100.3')).status).toBe(429);
  });
});
