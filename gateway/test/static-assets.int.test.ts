import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { closeServer, createLogger, createMetrics, listen, MemoryStore } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DOCUMENT_ONLY_HEADERS } from '../src/security-headers.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the Accept-Encoding given: fetch would add its own and decompress. */
function get(base: string, p: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${p}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('Stundenplan '.repeat(200))});\n`;
const HASHED = '/assets/index-AbC_12-x.js';

/** A built web app as Vite leaves it: hashed assets with their .br and .gz copies, a source map, config.js. */
function makeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'gw-static-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stundenplan</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'config.js'), 'window.__CONFIG__ = {};\n');
  const file = path.join(dist, HASHED);
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${file}.map`, '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  return dist;
}

async function startGateway(dist: string, env: Record<string, string> = {}): Promise<{ server: Server; base: string }> {
  const unused = 'http://127.0.0.1:9';
  const cfg = loadConfig({
    PORT: '0',
    AUTH_SERVICE_URL: unused,
    CLASSES_SERVICE_URL: unused,
    AVAILABILITY_SERVICE_URL: unused,
    SCHEDULING_SOLVER_SERVICE_URL: unused,
    DOCUMENT_SERVICE_URL: unused,
    NOTIFICATION_SERVICE_URL: unused,
    LESSONS_SERVICE_URL: unused,
    SCHOOL_SERVICE_URL: unused,
    AUTH_JWKS_URL: `${unused}/.well-known/jwks.json`,
    WEB_DIST: dist,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = createGatewayApp({ cfg, log: createLogger('gateway-static-test'), store: new MemoryStore(), metrics: createMetrics('gateway-static-test') });
  const server = await listen(app, 0, '127.0.0.1');
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('gateway serves the web app', () => {
  const dist = makeDist();
  let gw: Awaited<ReturnType<typeof startGateway>>;
  let withMaps: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    gw = await startGateway(dist);
    withMaps = await startGateway(dist, { WEB_SOURCE_MAPS: 'true' });
  });
  afterAll(async () => {
    await closeServer(gw.server);
    await closeServer(withMaps.server);
  });

  it('sends the brotli copy to a browser that accepts br, with Content-Encoding and Vary', async () => {
    const res = await get(gw.base, HASHED, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip copy to a client that accepts gzip only, and the plain file to one that accepts neither', async () => {
    const gz = await get(gw.base, HASHED, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(gw.base, HASHED);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year, immutable, in every encoding', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const res = await get(gw.base, HASHED, enc);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends hashed scripts without the headers only a document reads, and every document with all of them', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const res = await get(gw.base, HASHED, enc);
      for (const header of DOCUMENT_ONLY_HEADERS) expect(res.headers[header.toLowerCase()], `${header} ${enc}`).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    for (const p of ['/', '/student', '/config.js', '/assets/missing-AbC_12-x.js']) {
      const res = await get(gw.base, p, 'gzip, br');
      for (const header of DOCUMENT_ONLY_HEADERS) expect(res.headers[header.toLowerCase()], `${header} ${p}`).toBeDefined();
    }
  });

  it('has index.html, every SPA route and config.js revalidated on each load (no-cache)', async () => {
    for (const p of ['/', '/index.html', '/login', '/student', '/barrierefreiheit', '/config.js']) {
      const res = await get(gw.base, p, 'gzip, br');
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
    expect((await get(gw.base, '/login')).body.toString()).toContain('<div id="root">');
  });

  it('serves no source map unless WEB_SOURCE_MAPS=true, and never index.html for a missing asset', async () => {
    const map = await get(gw.base, `${HASHED}.map`, 'br');
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('mappings');
    const gone = await get(gw.base, '/assets/index-Old12345.js', 'br');
    expect(gone.status).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/html/);
    const configured = await get(withMaps.base, `${HASHED}.map`);
    expect(configured.status).toBe(200);
    expect(configured.body.toString()).toContain('mappings');
  });

  it('serves the compressed copies of a build made while it runs (after at most a second)', async () => {
    const later = '/assets/later-XyZ_9876.js';
    const file = path.join(dist, later);
    writeFileSync(file, SCRIPT);
    writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await get(gw.base, later, 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });
});

/** A build with pages rendered ahead (web/scripts/prerender.ts): pages/<path>.html and pages/routes.json. */
function makeDistWithPages(): string {
  const dist = makeDist();
  mkdirSync(path.join(dist, 'pages', 'me'), { recursive: true });
  const page = (name: string) => `<!doctype html><title>Stundenplan</title><div id="root"><h1>${name}</h1></div>`;
  const pages: Record<string, string> = { '/': 'index.html', '/login': 'login.html', '/student': 'student.html', '/me/classes': 'me/classes.html' };
  for (const [route, file] of Object.entries(pages)) writeFileSync(path.join(dist, 'pages', file), page(`page ${route}`));
  writeFileSync(path.join(dist, 'pages', '404.html'), page('Seite nicht gefunden'));
  const routes = ['/', '/login', '/student', '/me/classes', '/profile', '/register/:registerShortcut', '/scheduling/*'];
  writeFileSync(path.join(dist, 'pages', 'routes.json'), JSON.stringify({ pages, notFound: '404.html', routes, guarded: ['/student', '/teacher'] }));
  return dist;
}

describe('gateway serves each page rendered ahead its own HTML', () => {
  let gw: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gw = await startGateway(makeDistWithPages());
  });
  afterAll(async () => {
    await closeServer(gw.server);
  });

  it('sends a prerendered path its own page, with a trailing slash too, no-cache and the document headers', async () => {
    for (const [p, heading] of [
      ['/', 'page /'],
      ['/login', 'page /login'],
      ['/login/', 'page /login'],
      ['/student?x=1', 'page /student'],
      ['/me/classes', 'page /me/classes'],
    ] as const) {
      const res = await get(gw.base, p, 'gzip, br');
      expect(res.status, p).toBe(200);
      expect(res.headers['content-type'], p).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers['content-security-policy'], p).toContain("script-src 'self'");
      expect(res.body.toString(), p).toContain(`<h1>${heading}</h1>`);
    }
  });

  it("sends index.html for the app's other routes and guarded paths, the 404 page (status 404) for the rest", async () => {
    for (const p of ['/profile', '/register/hmtm', '/scheduling/klasse/3', '/teacher/x', '/index.html']) {
      const res = await get(gw.base, p);
      expect(res.status, p).toBe(200);
      expect(res.body.toString(), p).toBe('<!doctype html><title>Stundenplan</title><div id="root"></div>');
    }
    for (const p of ['/gibt-es-nicht', '/login/mehr', '/register/a/b']) {
      const res = await get(gw.base, p);
      expect(res.status, p).toBe(404);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.body.toString(), p).toContain('<h1>Seite nicht gefunden</h1>');
    }
  });
});
