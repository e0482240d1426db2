import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_COOKIE,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  assertRole,
  assertTeacher,
  assertUser,
  createTokenVerifier,
  readToken,
  activeSessionKey,
  revokedSessionKey,
  revokedUserKey,
  SESSION_STATUS_PATH,
  SESSION_ACTIVE_CACHE_SECONDS,
  sessionRefreshAfterMs,
  sessionMiddleware,
  type SessionUser,
  type TokenVerifier,
} from '../src/auth.js';
import { AppError } from '../src/errors.js';
import { MemoryStore } from '../src/store.js';

interface Keys {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function makeKeys(kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return { privateKey, publicJwk };
}

interface TokenOptions {
  sub?: string;
  role?: string;
  rid?: number;
  email?: string;
  name?: string;
  jti?: string;
  iat?: number;
  exp?: number;
  issuer?: string;
  audience?: string;
  kid?: string;
}

const nowSec = () => Math.floor(Date.now() / 1000);

/** Signs a session token the way the auth service does. */
async function signToken(keys: Keys, o: TokenOptions = {}): Promise<string> {
  const iat = o.iat ?? nowSec();
  return new SignJWT({ role: o.role ?? 'teacher', rid: o.rid ?? 2, email: o.email ?? 'lehrer@example.org', name: o.name ?? 'Frau Lehrer' })
    .setProtectedHeader({ alg: 'ES256', kid: o.kid ?? keys.publicJwk.kid })
    .setSubject(o.sub ?? 'user-1')
    .setJti(o.jti ?? 'session-1')
    .setIssuedAt(iat)
    .setExpirationTime(o.exp ?? iat + 3600)
    .setIssuer(o.issuer ?? TOKEN_ISSUER)
    .setAudience(o.audience ?? TOKEN_AUDIENCE)
    .sign(keys.privateKey);
}

async function expectUnauthorized(p: Promise<unknown>, detail = 'Nicht angemeldet'): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('UNAUTHORIZED');
  expect((err as AppError).httpStatus).toBe(401);
  expect((err as AppError).detail).toBe(detail);
}

let keys: Keys;
let otherKeys: Keys;
beforeAll(async () => {
  keys = await makeKeys('key-1');
  otherKeys = await makeKeys('key-1'); // same kid, different key: a forged token
});

describe('createTokenVerifier with a local JWKS', () => {
  let store: MemoryStore;
  let verify: TokenVerifier;
  beforeEach(() => {
    store = new MemoryStore();
    verify = createTokenVerifier({ jwks: { keys: [keys.publicJwk] }, store });
  });

  it('turns a valid token into the session user', async () => {
    const iat = nowSec() - 10;
    const token = await signToken(keys, { sub: 'u-42', role: 'teacher', rid: 2, email: 'a@b.de', name: 'Anna B', jti: 's-9', iat });

    const user = await verify(token);

    expect(user).toEqual<SessionUser>({ userId: 'u-42', role: 'teacher', roleId: 2, email: 'a@b.de', name: 'Anna B', sessionId: 's-9', issuedAt: iat * 1000 });
  });

  it('maps the student role', async () => {
    const user = await verify(await signToken(keys, { role: 'student', rid: 1 }));

    expect(user.role).toBe('student');
    expect(user.roleId).toBe(1);
  });

  it('refuses a token without exp', async () => {
    const token = await new SignJWT({ role: 'teacher', rid: 2, email: 'a@b.de', name: 'Anna B' })
      .setProtectedHeader({ alg: 'ES256', kid: keys.publicJwk.kid })
      .setSubject('u-no-exp')
      .setJti('s-no-exp')
      .setIssuedAt()
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .sign(keys.privateKey);

    await expectUnauthorized(verify(token));
  });

  it('refuses an expired token', async () => {
    const token = await signToken(keys, { iat: nowSec() - 7200, exp: nowSec() - 60 });

    await expectUnauthorized(verify(token));
  });

  it('refuses a token once it expired, also when it was accepted (and its check kept) before', async () => {
    const token = await signToken(keys, { exp: nowSec() + 2 });
    expect((await verify(token)).userId).toBe('user-1');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3000);
      await expectUnauthorized(verify(token));
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token from another issuer', async () => {
    await expectUnauthorized(verify(await signToken(keys, { issuer: 'someone-else' })));
  });

  it('refuses a token for another audience', async () => {
    await expectUnauthorized(verify(await signToken(keys, { audience: 'other-app' })));
  });

  it('refuses a token signed with another key', async () => {
    await expectUnauthorized(verify(await signToken(otherKeys)));
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const token = await signToken(keys, { role: 'student', rid: 1 });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'teacher', rid: 2 })).toString('base64url');

    await expectUnauthorized(verify(`${header}.${forged}.${signature}`));
  });

  it('refuses an unsigned token and garbage', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: 'u', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: nowSec() + 60 })).toString('base64url');

    await expectUnauthorized(verify(`${header}.${body}.`));
    await expectUnauthorized(verify('not-a-jwt'));
  });

  it('refuses a token whose session was revoked (logout)', async () => {
    const token = await signToken(keys, { jti: 'session-to-end' });
    expect((await verify(token)).sessionId).toBe('session-to-end');

    await store.set(revokedSessionKey('session-to-end'), '1', 3600);

    await expectUnauthorized(verify(token), 'Sitzung beendet');
    expect((await verify(await signToken(keys, { jti: 'other-session' }))).sessionId).toBe('other-session');
  });

  it('refuses tokens issued before the user was revoked and accepts later ones', async () => {
    const before = await signToken(keys, { sub: 'user-7', iat: nowSec() - 60 });
    const revokedAt = Date.now() - 30_000;

    await store.set(revokedUserKey('user-7'), String(revokedAt));

    await expectUnauthorized(verify(before), 'Sitzung beendet');
    const after = await signToken(keys, { sub: 'user-7', iat: Math.floor(revokedAt / 1000) + 1 });
    expect((await verify(after)).userId).toBe('user-7');
    expect((await verify(await signToken(keys, { sub: 'user-8', iat: nowSec() - 60 }))).userId).toBe('user-8');
  });
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

describe('sessionRefreshAfterMs', () => {
  it('asks again after 15 to 20 s, spread at random, well inside the 30 s an answer is trusted', () => {
    expect(sessionRefreshAfterMs(() => 0)).toBe(15_000);
    expect(sessionRefreshAfterMs(() => 0.999999)).toBe(20_000);
    const seen = new Set(Array.from({ length: 500 }, () => sessionRefreshAfterMs()));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(15_000);
    expect(Math.max(...seen)).toBeLessThan(SESSION_ACTIVE_CACHE_SECONDS * 1000);
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('request helpers', () => {
  const fakeReq = (init: { cookies?: Record<string, string>; authorization?: string; user?: SessionUser }) =>
    ({ cookies: init.cookies, headers: init.authorization ? { authorization: init.authorization } : {}, user: init.user }) as unknown as Request;
  const teacher: SessionUser = { userId: 'u', role: 'teacher', roleId: 2, email: '', name: '', sessionId: 's', issuedAt: 0 };

  it('reads the token from the session cookie first, then from a Bearer header', () => {
    expect(readToken(fakeReq({ cookies: { [SESSION_COOKIE]: 'from-cookie' }, authorization: 'Bearer from-header' }))).toBe('from-cookie');
    expect(readToken(fakeReq({ authorization: 'Bearer from-header' }))).toBe('from-header');
    expect(readToken(fakeReq({ authorization: 'Basic abc' }))).toBeUndefined();
    expect(readToken(fakeReq({}))).toBeUndefined();
  });

  it('sessionMiddleware attaches the user for a valid token and nothing for an invalid one, always calling next', async () => {
    const verify = createTokenVerifier({ jwks: { keys: [keys.publicJwk] }, store: new MemoryStore() });
    const mw = sessionMiddleware(verify);
    const good = fakeReq({ authorization: `Bearer ${await signToken(keys, { sub: 'mw-user' })}` });
    const bad = fakeReq({ authorization: `Bearer ${await signToken(otherKeys)}` });
    let nexts = 0;

    await mw(good, {} as never, () => nexts++);
    await mw(bad, {} as never, () => nexts++);

    expect(good.user?.userId).toBe('mw-user');
    expect(bad.user).toBeUndefined();
    expect(nexts).toBe(2);
  });

  it('assertUser throws 401 without a user; assertRole throws 403 for the wrong role', () => {
    expect(() => assertUser(fakeReq({}))).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    expect(assertTeacher(fakeReq({ user: teacher }))).toBe(teacher);
    expect(() => assertRole(fakeReq({ user: teacher }), 'student')).toThrow(expect.objectContaining({ code: 'FORBIDDEN', httpStatus: 403 }));
  });
});
