import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, createLogger, listen, MemoryStore } from '@stundenplan/base';
import { pathSpellings, rawRequest, startTestIssuer, type TestIssuer } from '@stundenplan/base/testing';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { RATE_RULES } from '../src/rate-limits.js';
import { servicesAt } from './gateway-fixture.js';

/**
 * An upstream that records every URL and body it receives, and the path it would route as the
 * services' Express router does (a raw `#` and what follows cut off, a backslash before it read as a
 * slash); `/api/extract-*` and `/api/send-*` answer 401 at once without reading the upload.
 */
async function startUpstream() {
  const seen: { url: string; routed: string; body: string }[] = [];
  const app = express();
  const server = createServer(app);
  app.use((req, res) => {
    if (/^\/api\/(extract-|send-schedule)/.test(req.url)) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ detail: 'Nicht angemeldet' }));
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url, routed: req.path, body });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The literal path of a rule (its pattern is an exact path, perhaps with an optional trailing slash). */
const rulePath = (re: RegExp) =>
  re.source
    .replace(/^\^/, '')
    .replace(/(\\\/\?)?\$$/, '')
    .replace(/\\\//g, '/');

// Both ways to the /api pipeline: the gateway's own listener (default) and Express's router (the switch off),
// each with one of the two proxies (gateway.int.test.ts pairs them the other way round).
describe.each([
  ['true', 'library'],
  ['false', 'builtin'],
])('one canonical path decides the limit and the route (GATEWAY_FAST_API_PATH=%s, GATEWAY_PROXY=%s)', (fastApiPath, proxy) => {
  let gateway: Server;
  let base: string;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let issuer: TestIssuer;
  const LIMIT = 2;

  beforeAll(async () => {
    upstream = await startUpstream();
    issuer = await startTestIssuer();
    const names = Object.fromEntries(RATE_RULES.map((r) => [r.name, { limit: LIMIT, windowSeconds: 600 }]));
    const cfg = loadConfig({
      PORT: '0',
      ...servicesAt(upstream.url),
      AUTH_JWKS_URL: issuer.jwksUrl,
      LOG_LEVEL: 'silent',
      GATEWAY_FAST_API_PATH: fastApiPath,
      GATEWAY_PROXY: proxy,
    });
    gateway = await listen(createGatewayApp({ cfg, log: createLogger('gateway-test'), store: new MemoryStore(), rateOverrides: names }), 0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeServer(gateway);
    await closeServer(upstream.server);
    await issuer.close();
  });

  let ipCounter = 0;
  const post = (path: string, ip: string, body = '{}') =>
    rawRequest(base, { method: 'POST', path, body, headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip } });
  /** A request as the rule counts it (POST with a JSON body, or GET). */
  const hit = (method: 'GET' | 'POST', path: string, ip: string) =>
    method === 'GET' ? rawRequest(base, { method: 'GET', path, headers: { 'X-Forwarded-For': ip } }) : post(path, ip);

  it('covers every rate rule', () => {
    expect(RATE_RULES.map((r) => rulePath(r.path)).sort()).toEqual(
      expect.arrayContaining([
        '/api/auth/forgot-password',
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/resend-confirmation',
        '/api/contact',
        '/api/me/calendar-import',
      ]),
    );
  });

  describe.each(RATE_RULES.map((r) => [r.example ?? rulePath(r.path), r.method ?? 'POST', r.path] as const))('%s', (limited, method, pattern) => {
    it.each(pathSpellings(limited))('$path is counted, or never reaches the handler under the limited path', async ({ path, same }) => {
      const ip = `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
      upstream.seen.length = 0;
      const answers = [];
      for (let i = 0; i <= LIMIT; i++) answers.push(await hit(method, path, ip));
      const reachedLimited = upstream.seen.filter((s) => s.routed === limited).length;
      if (same) {
        // Counted: the limit holds, and the service got exactly the canonical path.
        expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
        expect(reachedLimited).toBe(LIMIT);
        expect(upstream.seen.every((s) => s.url.split('?')[0] === limited && s.routed === limited)).toBe(true);
      } else if (pattern.test(path)) {
        // A rule over a family of paths (calendar tokens): another member of the family shares the counter.
        expect(reachedLimited).toBe(0);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      } else if (method === 'GET' && !path.startsWith('/api/')) {
        // Not an API path: the web app answers a GET (here without a build: 503), no service sees it.
        expect(reachedLimited).toBe(0);
        expect(upstream.seen).toEqual([]);
      } else {
        // Another path: a 404 (400 for a control character) here, or passed on under a path the strict services do not know.
        expect(reachedLimited).toBe(0);
        for (const a of answers) expect([200, 400, 404]).toContain(a.status);
        for (const a of answers.filter((x) => x.status === 404)) expect(a.json).toEqual({ detail: 'Diese Schnittstelle gibt es nicht.' });
      }
    });

    it('shares one counter across spellings', async () => {
      const ip = `10.78.0.${++ipCounter % 250}`;
      const same = pathSpellings(limited).filter((v) => v.same);
      expect((await hit(method, same[0]!.path, ip)).status).toBe(200);
      expect((await hit(method, same[1]!.path, ip)).status).toBe(200);
      expect((await hit(method, same[2]!.path, ip)).status).toBe(429);
      expect((await hit(method, limited, ip)).status).toBe(429);
    });
  });

  it('answers a malformed escape or a control character in the path or query with 400', async () => {
    upstream.seen.length = 0;
    for (const path of ['/api/auth/%ZZ', '/api/auth/login%', '/api/classes/%00', '/api/classes/a%1Fb', '/api/classes?x=%00', '/api/classes?a%7F=1']) {
      const res = await rawRequest(base, { method: 'GET', path });
      expect(res.status, path).toBe(400);
      expect((res.json as { detail: string }).detail, path).toMatch(/^Ungültige (Anfrage|Zeichen in der Anfrage\.)$/);
    }
    expect(upstream.seen).toEqual([]);
  });

  it.each(['%2e%2e', '%2E%2E', '%2e%2E', '%2E.', '.%2e', '..', '%2e', '.', '%2e%2e/', 'x/%2E%2E/..'])(
    'never resolves the dot segment in DELETE /api/classes/c1/members/%s into another route: 400',
    async (seg) => {
      upstream.seen.length = 0;
      const res = await rawRequest(base, { method: 'DELETE', path: `/api/classes/c1/members/${seg}` });
      expect(res).toMatchObject({ status: 400, json: { detail: 'Ungültige Anfrage' } });
      expect(upstream.seen).toEqual([]);
    },
  );

  it('answers a method on an unknown non-API path with a JSON 404', async () => {
    const res = await rawRequest(base, { method: 'POST', path: '/API/auth/login', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res).toMatchObject({ status: 404, json: { detail: 'Diese Schnittstelle gibt es nicht.' } });
  });
});

describe('bad JSON bodies are refused before proxying', () => {
  let gateway: Server;
  let base: string;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;

  beforeAll(async () => {
    upstream = await startUpstream();
    const cfg = loadConfig({
      PORT: '0',
      ...servicesAt(upstream.url, ['AUTH', 'CLASSES', 'AVAILABILITY', 'DOCUMENT', 'NOTIFICATION']),
      LOG_LEVEL: 'silent',
    });
    gateway = await listen(createGatewayApp({ cfg, log: createLogger('gateway-test'), store: new MemoryStore() }), 0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeServer(gateway);
    await closeServer(upstream.server);
  });

  const send = (path: string, body: string) => rawRequest(base, { method: 'POST', path, body, headers: { 'Content-Type': 'application/json' } });

  it.each([
    ['a NUL byte in the login e-mail', '/api/auth/login', JSON.stringify({ email: 'a\u0000@b.de', password: 'x' })],
    ['a control character in a key', '/api/classes', JSON.stringify({ ['na\u0007me']: 'x' })],
    ['DEL in a list of e-mails', '/api/check-student-exists', JSON.stringify(['a@b.de', 'c\u007f@d.de'])],
  ])('%s: 400 with a German detail', async (_l, path, body) => {
    upstream.seen.length = 0;
    expect(await send(path, body)).toMatchObject({ status: 400, json: { detail: 'Ungültige Zeichen in der Anfrage.' } });
    expect(upstream.seen).toEqual([]);
  });

  it.each(['/api/auth/login', '/api/auth/register', '/api/classes'])('5000-deep JSON on %s: 400, not 502', async (path) => {
    upstream.seen.length = 0;
    const deep = `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(await send(path, deep)).toMatchObject({ status: 400, json: { detail: 'Die Anfrage ist zu tief verschachtelt (höchstens 64 Ebenen).' } });
    expect(upstream.seen).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    expect(await send('/api/classes', '{"name": ')).toMatchObject({ status: 400, json: { detail: 'Ungültiger JSON-Inhalt' } });
  });

  it('passes a good body on byte for byte, tabs and line breaks included', async () => {
    upstream.seen.length = 0;
    const body = '{ "name" : "Kla\\u00dfe\\t1",\n "description": "Zeile 1\\r\\nZeile 2 😀" }';
    expect((await send('/api/classes', body)).status).toBe(200);
    expect(upstream.seen).toEqual([{ url: '/api/classes', routed: '/api/classes', body }]);
  });

  it.each(['/api/extract-hmtm-csv', '/api/extract-custom-csv', '/api/send-schedule-to-students'])(
    'an upload of 4 MB answered 401 by the service before its body is read reaches the client intact (%s, 20 tries)',
    async (path) => {
      const body = Buffer.alloc(4 * 1024 * 1024, 'a');
      for (let i = 0; i < 20; i++) {
        const res = await rawRequest(base, { method: 'POST', path, body, headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ detail: 'Nicht angemeldet' });
        expect(res.uploadError).toBeUndefined();
      }
    },
  );

  it('the calendar import takes an upload of 2 MB and its form, and answers 413 with its own limit above', async () => {
    const headers = { 'Content-Type': 'multipart/form-data; boundary=x' };
    upstream.seen.length = 0;
    const fits = await rawRequest(base, { method: 'POST', path: '/api/me/calendar-import', body: Buffer.alloc(2 * 1024 * 1024 + 1000, 'a'), headers });
    expect(fits.status).toBe(200);
    expect(upstream.seen.map((s) => s.routed)).toEqual(['/api/me/calendar-import']);
    const big = await rawRequest(base, { method: 'POST', path: '/api/me/calendar-import', body: Buffer.alloc(3 * 1024 * 1024, 'a'), headers });
    expect(big).toMatchObject({ status: 413, json: { detail: 'Die Datei ist zu groß (maximal 2 MB).' } });
    expect(upstream.seen).toHaveLength(1);
  });

  it('an upload over 5 MB answered 413 by the gateway reaches the client intact (20 tries)', async () => {
    const body = Buffer.alloc(6 * 1024 * 1024, 'a');
    for (let i = 0; i < 20; i++) {
      const res = await rawRequest(base, {
        method: 'POST',
        path: '/api/extract-hmtm-csv',
        body,
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      });
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ detail: 'Die Datei ist zu groß (maximal 5 MB).' });
      expect(res.uploadError).toBeUndefined();
    }
  });
});
