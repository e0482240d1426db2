import type { Request } from 'express';
import { SignJWT } from 'jose';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_ACTIVE_CACHE_SECONDS,
  SESSION_COOKIE,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  assertRole,
  assertTeacher,
  assertUser,
  createTokenVerifier,
  readToken,
  revokedSessionKey,
  revokedUserKey,
  sessionRefreshAfterMs,
  sessionMiddleware,
  type SessionUser,
  type TokenVerifier,
} from '../src/auth.js';
import { MemoryStore } from '../src/store.js';
import { expectUnauthorized, makeKeys, nowSec, signToken, type Keys } from './auth-tokens.js';

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
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
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
