import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { createTokenVerifier, forgetSharedMemoryStore, MemoryStore, SESSION_STATUS_PATH, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@stundenplan/base';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, LOGIN_LIMIT } from '../src/domain/account-limits.js';
import { MSG } from '../src/domain/messages.js';
import { dropSchemas, outboxMails, registerConfirmed, resetTokenOf, sessionCookie, sql, startAuth, type TestAuth } from './helpers.js';

/**
 * Ended sessions stay ended (the sessions table is the truth, the store only caches), so a
 * restart with an empty store brings no session back; per-account limits inside the service; no token
 * without exp; unknown accounts cost a password comparison too.
 */

// A fixed signing key, so tokens stay valid across the restarts below (as with AUTH_KEY_FILE).
const PEM = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

let auth: TestAuth;
const schemas = new Set<string>();

async function boot(schema?: string): Promise<TestAuth> {
  const a = await startAuth({ AUTH_JWT_PRIVATE_KEY: PEM, ...(schema ? { DB_SCHEMA: schema } : {}) });
  schemas.add(a.schema);
  return a;
}

/** Stops the service and starts it again on the same schema with an empty memory store (a new process). */
async function restart(): Promise<void> {
  const before = auth.svc.ctx.store;
  await auth.svc.stop();
  forgetSharedMemoryStore();
  auth = await boot(auth.schema);
  expect(auth.svc.ctx.store).not.toBe(before);
}

beforeAll(async () => {
  auth = await boot();
});

afterAll(async () => {
  await auth?.svc.stop();
  await dropSchemas([...schemas]);
});

let n = 0;
const email = (p = 'sec') => `${p}${Date.now().toString(36)}${n++}@example.org`;
const tokenOf = (cookie: string) => cookie.slice('sp_session='.length);
const login = (address: string, password = 'geheim123') => auth.call('POST', '/api/auth/login', { body: { email: address, password } });
/** A login from the client address the gateway names in its header. */
const loginFrom = (from: string, address: string, password = 'geheim123') =>
  auth.call('POST', '/api/auth/login', { body: { email: address, password }, headers: { 'x-client-address': from } });
const status = async (token: unknown) => (await auth.call<{ active: boolean }>('POST', SESSION_STATUS_PATH, { body: { token } })).body;
/** Another service: its own empty store, asks the auth service on every cache miss. */
const freshVerifier = () => createTokenVerifier({ jwksUrl: `${auth.base}/.well-known/jwks.json`, store: new MemoryStore() });

describe('sessions table', () => {
  it('login writes a row whose id is the token jti and whose expiry is the token exp', async () => {
    const { cookie, userId } = await registerConfirmed(auth, { email: email() });
    const claims = decodeJwt(tokenOf(cookie));
    const rows = await sql<{ user_id: string; expires_at: Date; revoked_at: Date | null }>(
      `SELECT user_id, expires_at, revoked_at FROM "${auth.schema}".sessions WHERE id = $1`,
      [claims.jti],
    );
    expect(rows).toEqual([{ user_id: userId, expires_at: new Date(claims.exp! * 1000), revoked_at: null }]);
    expect(await status(tokenOf(cookie))).toEqual({ active: true });
    expect((await freshVerifier()(tokenOf(cookie))).userId).toBe(userId);
  });

  it('the session status endpoint answers active:false for garbage, a missing token and a foreign signature', async () => {
    const foreign = await new SignJWT({ role: 'teacher', rid: 2 })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject('7d7d7d7d-1111-4222-8333-444455556666')
      .setJti('7d7d7d7d-1111-4222-8333-444455556667')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    for (const token of ['kaputt', undefined, 42, foreign]) expect(await status(token)).toEqual({ active: false });
  });

  it('logout stays ended after a restart with an empty store; other sessions of the user keep working', async () => {
    const address = email();
    const { cookie } = await registerConfirmed(auth, { email: address });
    const other = sessionCookie((await login(address)).cookies);
    expect((await auth.call('POST', '/api/auth/logout', { cookie })).status).toBe(200);
    const sid = decodeJwt(tokenOf(cookie)).jti;
    expect((await sql(`SELECT revoked_at FROM "${auth.schema}".sessions WHERE id = $1`, [sid]))[0]!.revoked_at).toBeInstanceOf(Date);

    await restart();

    expect((await auth.call('GET', '/api/me', { cookie })).status).toBe(401);
    expect(await status(tokenOf(cookie))).toEqual({ active: false });
    await expect(freshVerifier()(tokenOf(cookie))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await auth.call('GET', '/api/me', { cookie: other })).status).toBe(200);
  });

  it('a password reset ends every session of the user in PostgreSQL; a restart brings none back, a new login works', async () => {
    const address = email();
    const { cookie, userId } = await registerConfirmed(auth, { email: address });
    const second = sessionCookie((await login(address)).cookies);
    await auth.call('POST', '/api/auth/forgot-password', { body: { email: address } });
    const token = resetTokenOf((await outboxMails(auth.schema, address)).at(-1)!);
    expect((await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neues1passwort' } })).status).toBe(200);
    const open = await sql(`SELECT 1 FROM "${auth.schema}".sessions WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    expect(open).toHaveLength(0);

    await restart();

    for (const c of [cookie, second]) {
      expect((await auth.call('GET', '/api/me', { cookie: c })).status).toBe(401);
      await expect(freshVerifier()(tokenOf(c))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const fresh = sessionCookie((await login(address, 'neues1passwort')).cookies);
    expect((await auth.call('GET', '/api/me', { cookie: fresh })).status).toBe(200);
  });

  it('deleting the account deletes its session rows; after a restart its tokens are refused everywhere', async () => {
    const address = email();
    const { cookie, userId } = await registerConfirmed(auth, { email: address, role_id: 1, duration: 30 });
    const second = sessionCookie((await login(address)).cookies);
    expect((await auth.call('DELETE', '/api/me', { cookie })).status).toBe(200);
    expect(await sql(`SELECT 1 FROM "${auth.schema}".sessions WHERE user_id = $1`, [userId])).toHaveLength(0);

    await restart();

    for (const c of [cookie, second]) {
      expect((await auth.call('GET', '/api/profile', { cookie: c })).status).toBe(401);
      expect(await status(tokenOf(c))).toEqual({ active: false });
      await expect(freshVerifier()(tokenOf(c))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('tokens must carry exp', () => {
  it('a token of a live session, signed with the real key but without exp, is refused', async () => {
    const { cookie } = await registerConfirmed(auth, { email: email() });
    const claims = decodeJwt(tokenOf(cookie));
    const { exp: _exp, ...rest } = claims;
    const noExp = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'ES256', kid: auth.svc.deps.sessions.jwks.keys[0]!.kid, typ: 'JWT' })
      .sign(createPrivateKey(PEM));
    expect(decodeJwt(noExp).exp).toBeUndefined();
    expect((await auth.call('GET', '/api/me', { cookie })).status).toBe(200);
    expect((await auth.call('GET', '/api/me', { cookie: `sp_session=${noExp}` })).status).toBe(401);
    expect(await status(noExp)).toEqual({ active: false });
    await expect(freshVerifier()(noExp)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('limits inside the auth service (no gateway in front)', () => {
  const pair = LOGIN_LIMIT;

  it(`login: ${pair.limit} attempts per account and client address in 10 minutes, then 429 even with the right password`, async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    for (let i = 0; i < pair.limit; i++) expect((await loginFrom('198.51.100.7', address, `falsch${i}abc`)).status).toBe(401);
    const blocked = await loginFrom('198.51.100.7', ` ${address.toUpperCase()} `);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: 'Zu viele Anmeldeversuche. Bitte warte einen Moment und versuche es erneut.', wait_time: expect.any(Number) });
    const wait = (blocked.body as { wait_time: number }).wait_time;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(blocked.cookies).toEqual([]);
    // Another account from the same address is not affected.
    const other = email();
    await registerConfirmed(auth, { email: other });
    expect((await loginFrom('198.51.100.7', other)).status).toBe(200);
  });

  it('nobody locks the owner out: guesses from other addresses leave the password login of the owner working', async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    for (const from of ['198.51.100.20', '198.51.100.21', '2001:db8::21']) {
      for (let i = 0; i < pair.limit; i++) expect((await loginFrom(from, address, `falsch${i}abc`)).status).toBe(401);
      expect((await loginFrom(from, address, `falsch-mehr1`)).status).toBe(429);
    }
    expect((await loginFrom('203.0.113.9', address)).status).toBe(200);
    // A header that names no address is no way around the counting: the socket's address counts then
    // (registerConfirmed logged in once from there).
    for (let i = 1; i < pair.limit; i++) expect((await loginFrom('kein-ip', address, `falsch${i}abc`)).status).toBe(401);
    expect((await login(address)).status).toBe(429);
  });

  it(`forgot-password: ${ACCOUNT_LIMITS.forgotPassword.limit} per address and hour, then 429 and no further mail (also for unknown addresses)`, async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    for (let i = 0; i < ACCOUNT_LIMITS.forgotPassword.limit; i++) {
      expect((await auth.call('POST', '/api/auth/forgot-password', { body: { email: address } })).status).toBe(200);
    }
    const blocked = await auth.call('POST', '/api/auth/forgot-password', { body: { email: address.toUpperCase() } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: 'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuche es später erneut.',
      wait_time: expect.any(Number),
    });
    expect((blocked.body as { wait_time: number }).wait_time).toBeLessThanOrEqual(3600);
    expect((await outboxMails(auth.schema, address)).filter((m) => /update-password/.test(m.text))).toHaveLength(ACCOUNT_LIMITS.forgotPassword.limit);

    const unknown = email('niemand');
    for (let i = 0; i < ACCOUNT_LIMITS.forgotPassword.limit; i++)
      expect((await auth.call('POST', '/api/auth/forgot-password', { body: { email: unknown } })).status).toBe(200);
    expect((await auth.call('POST', '/api/auth/forgot-password', { body: { email: unknown } })).status).toBe(429);
  });

  it("are the gateway's numbers and details (docs/product/errors.md)", () => {
    expect(LOGIN_LIMIT).toEqual({ limit: 10, windowSeconds: 600 });
    expect(ACCOUNT_LIMITS).toEqual({
      forgotPassword: { limit: 3, windowSeconds: 3600, detail: MSG.forgotLimited },
      resendConfirmation: { limit: 5, windowSeconds: 600, detail: MSG.resendLimited },
    });
  });

  it.skipIf(!process.env.REDIS_URL)('two instances sharing Redis count one limit together (a second replica gains nothing)', async () => {
    const prefix = `t${Date.now().toString(36)}`;
    const one = await startAuth({ AUTH_JWT_PRIVATE_KEY: PEM, DB_SCHEMA: auth.schema, STORE: 'redis', REDIS_URL: process.env.REDIS_URL!, PORT: '0' });
    const two = await startAuth({ AUTH_JWT_PRIVATE_KEY: PEM, DB_SCHEMA: auth.schema, STORE: 'redis', REDIS_URL: process.env.REDIS_URL!, PORT: '0' });
    try {
      const address = `${prefix}.${email('redis')}`;
      await registerConfirmed(one, { email: address });
      for (let i = 1; i < pair.limit; i++) {
        const via = i % 2 ? two : one;
        expect((await via.call('POST', '/api/auth/login', { body: { email: address, password: `falsch${i}abc` } })).status).toBe(401);
      }
      for (const via of [one, two]) expect((await via.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).status).toBe(429);
    } finally {
      await one.svc.stop();
      await two.svc.stop();
    }
  });
});
