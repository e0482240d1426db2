import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSessionKey, createTokenVerifier, revokedSessionKey, SESSION_STATUS_PATH, SESSION_ACTIVE_CACHE_SECONDS } from '../src/auth.js';
import { AppError } from '../src/errors.js';
import { MemoryStore } from '../src/store.js';
import { expectUnauthorized, makeKeys, signToken, type Keys } from './auth-tokens.js';

let keys: Keys;
beforeAll(async () => {
  keys = await makeKeys('key-1');
});

describe('createTokenVerifier with a remote JWKS over HTTP', () => {
  let server: http.Server;
  let url: string;
  let jwksRequests = 0;
  let statusRequests = 0;
  /** Sessions the fake auth service reports as ended; 'broken' answers 500. */
  const ended = new Set<string>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/.well-known/jwks.json') {
        jwksRequests++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: [keys.publicJwk] }));
      } else if (req.url === SESSION_STATUS_PATH && req.method === 'POST') {
        statusRequests++;
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          const jti = String(JSON.parse(Buffer.from(String((JSON.parse(raw) as { token: string }).token.split('.')[1]), 'base64url').toString()).jti);
          if (jti === 'broken') return void res.writeHead(500).end();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ active: !ended.has(jti) }));
        });
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it('verifies a valid token with keys fetched from jwksUrl and caches them', async () => {
    const verify = createTokenVerifier({ jwksUrl: url, store: new MemoryStore() });
    jwksRequests = 0;

    const first = await verify(await signToken(keys, { sub: 'remote-user' }));
    const second = await verify(await signToken(keys, { sub: 'remote-user-2' }));

    expect(first.userId).toBe('remote-user');
    expect(second.userId).toBe('remote-user-2');
    expect(jwksRequests).toBe(1);
  });

  it('refuses a token signed with a key the JWKS does not publish', async () => {
    const verify = createTokenVerifier({ jwksUrl: url, store: new MemoryStore() });
    const stranger = await makeKeys('unknown-kid');

    await expectUnauthorized(verify(await signToken(stranger)));
  });

  it('asks the auth service once per session, caches "active" briefly and "ended" until expiry', async () => {
    const store = new MemoryStore();
    const verify = createTokenVerifier({ jwksUrl: url, store });
    statusRequests = 0;
    const token = await signToken(keys, { jti: 'remote-session' });

    expect((await verify(token)).sessionId).toBe('remote-session');
    expect((await verify(token)).sessionId).toBe('remote-session');
    expect(statusRequests).toBe(1);
    expect(Number(await store.get(activeSessionKey('remote-session')))).toBeGreaterThan(Date.now());

    // The cached "active" runs out (or the store is empty after a restart): the auth service is asked again.
    ended.add('remote-session');
    await store.del(activeSessionKey('remote-session'));
    await expectUnauthorized(verify(token), 'Sitzung beendet');
    await expectUnauthorized(verify(token), 'Sitzung beendet');
    expect(statusRequests).toBe(2);
    expect(await store.get(revokedSessionKey('remote-session'))).toBe('1');
  });

  it('asks once for many requests of one session that miss the cache together, and each gets the answer', async () => {
    const store = new MemoryStore();
    const verify = createTokenVerifier({ jwksUrl: url, store });
    const token = await signToken(keys, { jti: 'busy-session' });
    await verify(token);
    statusRequests = 0;
    // The cached "active" runs out while 200 requests of the session are under way.
    await store.del(activeSessionKey('busy-session'));
    const users = await Promise.all(Array.from({ length: 200 }, () => verify(token)));
    expect(users.every((u) => u.sessionId === 'busy-session')).toBe(true);
    expect(statusRequests).toBe(1);
    // Ended meanwhile: the next shared question refuses every one of them.
    ended.add('busy-session');
    await store.del(activeSessionKey('busy-session'));
    const refused = await Promise.allSettled(Array.from({ length: 50 }, () => verify(token)));
    expect(refused.every((r) => r.status === 'rejected' && (r.reason as AppError).message === 'Sitzung beendet')).toBe(true);
    expect(statusRequests).toBe(2);
  });

  it('lets requests through on a kept answer that is due, asks again in the background, and refuses once it hears "ended"', async () => {
    const store = new MemoryStore();
    const verify = createTokenVerifier({ jwksUrl: url, store });
    const token = await signToken(keys, { jti: 'refreshing' });
    await verify(token);
    const due = Number(await store.get(activeSessionKey('refreshing'))) - Date.now();
    expect(due).toBeGreaterThan(14_000);
    expect(due).toBeLessThanOrEqual(20_000);
    statusRequests = 0;
    // Due now, and the session ended meanwhile: this request still passes on the answer (younger than 30 s),
    // and the question goes out without holding it up.
    ended.add('refreshing');
    await store.set(activeSessionKey('refreshing'), String(Date.now() - 1), SESSION_ACTIVE_CACHE_SECONDS);
    expect((await verify(token)).sessionId).toBe('refreshing');
    for (let i = 0; i < 100 && !(await store.get(revokedSessionKey('refreshing'))); i++) await new Promise((r) => setTimeout(r, 10));
    expect(statusRequests).toBe(1);
    await expectUnauthorized(verify(token), 'Sitzung beendet');
  });

  it('refuses a session the auth service reports as ended even with an empty store', async () => {
    ended.add('ended-before-restart');
    const verify = createTokenVerifier({ jwksUrl: url, store: new MemoryStore() });

    await expectUnauthorized(verify(await signToken(keys, { jti: 'ended-before-restart' })), 'Sitzung beendet');
  });

  it('refuses (UNAVAILABLE, nothing cached) when the auth service cannot answer', async () => {
    const store = new MemoryStore();
    const verify = createTokenVerifier({ jwksUrl: url, store });
    const err = await verify(await signToken(keys, { jti: 'broken' })).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('UNAVAILABLE');
    expect(await store.get(activeSessionKey('broken'))).toBeNull();
    expect(await store.get(revokedSessionKey('broken'))).toBeNull();
  });

  it('answers unauthorized (not a crash) when the JWKS server cannot be reached', async () => {
    const verify = createTokenVerifier({ jwksUrl: 'http://127.0.0.1:1/.well-known/jwks.json', store: new MemoryStore() });

    await expectUnauthorized(verify(await signToken(keys)));
  });
});
