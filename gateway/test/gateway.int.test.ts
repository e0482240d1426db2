import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, listen, closeServer, MemoryStore } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { GATEWAY_MODES, base, metrics, startUpstream, upstream, useGateway } from './gateway-fixture.js';

describe.each(GATEWAY_MODES)('gateway over real HTTP (GATEWAY_FAST_API_PATH=%s, GATEWAY_PROXY=%s)', (fastApiPath, proxy) => {
  useGateway(fastApiPath, proxy);

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

  it('does not forward the headers the client names in Connection (hop-by-hop)', async () => {
    upstream.seen.length = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const headers = { Connection: 'close, X-Hop', 'X-Hop': 'this connection only', 'X-Kept': 'yes' };
      const req = request(`${base}/api/institutions`, { headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    const h = upstream.seen.at(-1)!.headers;
    expect(h['x-hop']).toBeUndefined();
    expect(h['x-kept']).toBe('yes');
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
