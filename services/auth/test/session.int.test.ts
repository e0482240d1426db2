import { createTokenVerifier, MemoryStore, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@stundenplan/base';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { dropSchemas, outboxEvents, registerConfirmed, sessionCookie, sql, startAuth, type TestAuth } from './helpers.js';

/** Login, the session cookie and token, /api/me, logout and account deletion (docs/product/api.md Session and account, docs/product/errors.md Login). */

let auth: TestAuth;

beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth?.svc.stop();
  await dropSchemas(auth ? [auth.schema] : []);
});

let n = 0;
const email = (p = 'person') => `${p}${Date.now().toString(36)}${n++}@example.org`;

describe('login', () => {
  it('answers an unknown address exactly like a wrong password: 401 "Invalid credentials"', async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    const unknown = await auth.call('POST', '/api/auth/login', { body: { email: email(), password: 'geheim123' } });
    const wrong = await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'falsch123' } });
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Invalid credentials' });
      expect(res.cookies).toEqual([]);
    }
  });

  it('answers 401 "Invalid credentials" for a wrong password and 403 "Email not confirmed" before confirmation', async () => {
    const address = email();
    const reg = await auth.call('POST', '/api/auth/register', { body: { email: address, password: 'geheim123', name: 'Clara Wieck', role_id: 2 } });
    expect(reg.status).toBe(201);
    const wrong = await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'falsch123' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid credentials' });
    const unconfirmed = await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body).toEqual({ detail: 'Email not confirmed' });
    expect(unconfirmed.cookies).toEqual([]);
  });

  it('answers 400 without e-mail or password', async () => {
    for (const body of [{}, { email: 'a@b.de' }, { password: 'x' }, { email: 1, password: 2 }, [], { email: '  ', password: 'x' }]) {
      const res = await auth.call('POST', '/api/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.loginInput });
    }
  });

  it('sets an httpOnly SameSite=Lax session cookie (not Secure on http://localhost) and answers the /me shape', async () => {
    const address = email('Lehrerin');
    await registerConfirmed(auth, { email: address, name: 'Fanny Hensel' });
    const res = await auth.call<Record<string, unknown>>('POST', '/api/auth/login', { body: { email: `  ${address.toUpperCase()} `, password: 'geheim123' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Login erfolgreich',
      role: 'teacher',
      username: 'Fanny Hensel',
      email: address.toLowerCase(),
      profilePicture: null,
      role_id: 2,
      user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const line = res.cookies.find((c) => c.startsWith('sp_session='))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(5000);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('issues a token in exactly the format packages/base verifies, signed with the key of the JWKS', async () => {
    const address = email();
    const { cookie, userId } = await registerConfirmed(auth, { email: address, name: 'Robert Schumann', role_id: 1, duration: 45 });
    const token = cookie.slice('sp_session='.length);
    const header = decodeProtectedHeader(token);
    const claims = decodeJwt(token);
    const jwks = await auth.call<{ keys: Record<string, unknown>[] }>('GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);
    const key = jwks.body.keys[0]!;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: header.kid });
    expect(key).not.toHaveProperty('d');
    expect(header.alg).toBe('ES256');
    expect(claims).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: userId, role: 'student', rid: 1, email: address, name: 'Robert Schumann' });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    expect(typeof claims.iatms).toBe('number');

    // Another service verifies it through the JWKS URL, as the gateway does.
    const verify = createTokenVerifier({ jwksUrl: `${auth.base}/.well-known/jwks.json`, store: new MemoryStore() });
    expect(await verify(token)).toMatchObject({ userId, role: 'student', roleId: 1, email: address, name: 'Robert Schumann', sessionId: claims.jti });
  });
});

describe('GET /api/me', () => {
  it('answers 401 with detail without a session, with a forged token and with a garbage cookie', async () => {
    for (const cookie of [undefined, 'sp_session=abc.def.ghi', 'sp_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const res = await auth.call('GET', '/api/me', { cookie });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('answers role, username, email, profilePicture, role_id and user_id', async () => {
    const address = email();
    const { cookie, userId } = await registerConfirmed(auth, { email: address, name: 'Clara Wieck', role_id: 1, duration: 30 });
    const res = await auth.call('GET', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: 'student', username: 'Clara Wieck', email: address, profilePicture: null, role_id: 1, user_id: userId });
    // Bearer works too (service-to-service tools).
    const bearer = await fetch(`${auth.base}/api/me`, { headers: { Authorization: `Bearer ${cookie.slice(11)}` } });
    expect(bearer.status).toBe(200);
  });
});

describe('logout', () => {
  it('revokes this session at once (old cookie refused, also by another service sharing the store) and clears the cookie', async () => {
    const address = email();
    const { cookie } = await registerConfirmed(auth, { email: address });
    const other = sessionCookie((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).cookies);
    const otherService = createTokenVerifier({ jwksUrl: `${auth.base}/.well-known/jwks.json`, store: auth.svc.ctx.store });
    await expect(otherService(cookie.slice(11))).resolves.toBeTruthy();

    const out = await auth.call('POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.cookies.find((c) => c.startsWith('sp_session=;'))).toMatch(/Expires=Thu, 01 Jan 1970/);

    expect((await auth.call('GET', '/api/me', { cookie })).status).toBe(401);
    await expect(otherService(cookie.slice(11))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Only this session ended.
    expect((await auth.call('GET', '/api/me', { cookie: other })).status).toBe(200);
  });

  it('answers 200 without a session and with an already revoked one', async () => {
    expect((await auth.call('POST', '/api/auth/logout')).status).toBe(200);
    expect((await auth.call('POST', '/api/auth/logout', { cookie: 'sp_session=kaputt' })).status).toBe(200);
  });
});

describe('DELETE /api/me (delete account)', () => {
  it('needs a session', async () => {
    const res = await auth.call('DELETE', '/api/me');
    expect(res.status).toBe(401);
  });

  it('revokes every session, deletes the rows, publishes user.deleted.v1; login then fails and the address is free again', async () => {
    const address = email('weg');
    const { cookie, userId } = await registerConfirmed(auth, { email: address, role_id: 1, duration: 30 });
    const second = sessionCookie((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).cookies);

    const res = await auth.call('DELETE', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.accountDeleted });
    expect(res.cookies.some((c) => c.startsWith('sp_session=;'))).toBe(true);

    expect((await auth.call('GET', '/api/me', { cookie })).status).toBe(401);
    expect((await auth.call('GET', '/api/me', { cookie: second })).status).toBe(401);
    expect((await auth.call('GET', '/api/profile', { cookie: second })).status).toBe(401);
    const otherService = createTokenVerifier({ jwksUrl: `${auth.base}/.well-known/jwks.json`, store: auth.svc.ctx.store });
    await expect(otherService(second.slice(11))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const login = await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ detail: 'Invalid credentials' });

    expect(await sql(`SELECT 1 FROM "${auth.schema}".users WHERE id = $1`, [userId])).toHaveLength(0);
    expect(await sql(`SELECT 1 FROM "${auth.schema}".email_tokens WHERE user_id = $1`, [userId])).toHaveLength(0);
    const deleted = (await outboxEvents(auth.schema, 'user.deleted.v1')).filter((e) => e.key === userId);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.payload).toEqual({ user_id: userId, email: address, role_id: 1 });

    const again = await auth.call('POST', '/api/auth/register', { body: { email: address, password: 'geheim123', name: 'Neue Person', role_id: 2 } });
    expect(again.status).toBe(201);
  });
});
