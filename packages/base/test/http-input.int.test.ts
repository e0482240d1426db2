import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, createHttpApp, listen } from '../src/http.js';
import { createMetrics } from '../src/metrics.js';
import { silentLogger } from './helpers.js';

/** The services' HTTP edge refuses bad input itself, over real HTTP. */
let server: Server;
let port: number;
let reached = 0;

beforeAll(async () => {
  const app = createHttpApp({
    name: 'input-svc',
    log: silentLogger,
    metrics: createMetrics('input-svc'),
    readiness: {},
    routes: (a) => {
      a.post('/api/auth/login', (req, res) => {
        reached++;
        res.json({ got: req.body as unknown });
      });
      a.get('/api/items/:id', (req, res) => {
        reached++;
        res.json({ id: req.params.id, q: req.query });
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await closeServer(server);
});

/** Raw HTTP: the path goes out exactly as written (fetch would normalise it). */
function raw(method: string, path: string, body?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const CONTROL = { detail: 'Ungültige Zeichen in der Anfrage.' };
const UNKNOWN = { detail: 'Diese Schnittstelle gibt es nicht.' };

describe('strict, case-sensitive routing', () => {
  it('reaches the handler only by the exact path', async () => {
    expect((await raw('POST', '/api/auth/login', '{}')).status).toBe(200);
    const before = reached;
    for (const p of [
      '/api/auth/LOGIN',
      '/API/auth/login',
      '/api/auth/Login',
      '/api/auth/login/',
      '//api/auth/login',
      '/api//auth/login',
      '/api/auth/%6Cogin',
      '/api/auth/./login',
      '/api/auth/x/../login',
      '/api/auth%2Flogin',
    ]) {
      expect(await raw('POST', p, '{}'), p).toEqual({ status: 404, body: UNKNOWN });
    }
    expect(reached).toBe(before);
  });
});

describe('control characters', () => {
  it.each([
    ['a NUL byte in a string', { email: 'a\u0000@b.de', password: 'x' }],
    ['a control character in a key', { ['e\u0001mail']: 'a@b.de' }],
    ['DEL in a nested array', { students: [{ name: ['ok', 'x\u007f'] }] }],
    ['an escape character deep inside', { a: { b: { c: '\u001b[31m' } } }],
  ])('refuses %s with 400 before the handler', async (_label, body) => {
    const before = reached;
    expect(await raw('POST', '/api/auth/login', JSON.stringify(body))).toEqual({ status: 400, body: CONTROL });
    expect(reached).toBe(before);
  });

  it('accepts tabs and line breaks in free texts', async () => {
    const body = { message: 'Zeile 1\r\nZeile 2\n\tEingerückt', name: 'Ärger 😀' };
    expect(await raw('POST', '/api/auth/login', JSON.stringify(body))).toEqual({ status: 200, body: { got: body } });
  });

  it.each(['/api/items/a%00b', '/api/items/a%1fb', '/api/items/x?q=a%00b', '/api/items/x?q%07=1', '/api/items/x?q=%7F'])('refuses %s with 400', async (p) => {
    expect(await raw('GET', p)).toEqual({ status: 400, body: CONTROL });
  });

  it('accepts ordinary encoded path and query values', async () => {
    expect(await raw('GET', '/api/items/M%C3%BCnchen?q=a%20b')).toEqual({ status: 200, body: { id: 'München', q: { q: 'a b' } } });
  });
});

describe('JSON depth', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('refuses a 5000-deep body with 400 and a German detail', async () => {
    const before = reached;
    const res = await raw('POST', '/api/auth/login', `{"email":${nested(5000)}}`);
    expect(res).toEqual({ status: 400, body: { detail: 'Die Anfrage ist zu tief verschachtelt (höchstens 64 Ebenen).' } });
    expect(reached).toBe(before);
  });

  it('accepts 64 levels, refuses 65, and does not count brackets inside strings', async () => {
    expect((await raw('POST', '/api/auth/login', nested(64))).status).toBe(200);
    expect((await raw('POST', '/api/auth/login', nested(65))).status).toBe(400);
    expect((await raw('POST', '/api/auth/login', JSON.stringify({ text: '[{'.repeat(500) + '\\"[' }))).status).toBe(200);
  });
});
