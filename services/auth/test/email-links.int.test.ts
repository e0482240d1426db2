import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_LIMIT } from '../src/domain/login.js';
import { MSG } from '../src/domain/messages.js';
import { confirmTokenOf, dropSchemas, outboxMails, registerConfirmed, resetTokenOf, sessionCookie, sql, startAuth, type TestAuth } from './helpers.js';

/** Confirmation, resend, forgot-password and update-password: the links of the mails (docs/product/errors.md). */

let auth: TestAuth;

beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth?.svc.stop();
  await dropSchemas(auth ? [auth.schema] : []);
});

let n = 0;
const email = (p = 'link') => `${p}${Date.now().toString(36)}${n++}@example.org`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function registerUnconfirmed(address: string, password = 'geheim123') {
  const res = await auth.call('POST', '/api/auth/register', { body: { email: address, password, name: 'Clara Wieck', role_id: 1, duration: 30 } });
  expect(res.status).toBe(201);
  return confirmTokenOf((await outboxMails(auth.schema, address)).at(-1)!);
}

describe('e-mail confirmation', () => {
  it('confirms with the token of the mail; the same link again says "already confirmed"; then login works', async () => {
    const address = email();
    const token = await registerUnconfirmed(address);
    const ok = await auth.call('POST', '/api/auth/confirm-email', { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: MSG.confirmed });
    const again = await auth.call('POST', '/api/auth/confirm-email', { body: { token } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: MSG.alreadyConfirmed });
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).status).toBe(200);
  });

  it('refuses a missing, malformed, unknown, expired or reset token', async () => {
    expect((await auth.call('POST', '/api/auth/confirm-email', { body: {} })).body).toEqual({ detail: MSG.tokenMissing });
    for (const token of ['kurz', "' OR 1=1 --", 'A'.repeat(43)]) {
      const res = await auth.call('POST', '/api/auth/confirm-email', { body: { token } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.confirmInvalid });
    }
    const address = email();
    const token = await registerUnconfirmed(address);
    await sql(`UPDATE "${auth.schema}".email_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const expired = await auth.call('POST', '/api/auth/confirm-email', { body: { token } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ detail: MSG.confirmInvalid });
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).status).toBe(403);

    // A reset token is not a confirmation token.
    await auth.call('POST', '/api/auth/forgot-password', { body: { email: address } });
    const reset = resetTokenOf((await outboxMails(auth.schema, address)).at(-1)!);
    expect((await auth.call('POST', '/api/auth/confirm-email', { body: { token: reset } })).status).toBe(400);
  });
});

describe('resend confirmation', () => {
  it('needs the right password; unknown address and wrong password both 401', async () => {
    const address = email();
    await registerUnconfirmed(address);
    const unknown = await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: email(), password: 'geheim123' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: 'Invalid credentials' });
    const wrong = await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: address, password: 'falsch123' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid credentials' });
    expect(await outboxMails(auth.schema, address)).toHaveLength(1);
  });

  it('sends a new link that confirms the account; afterwards it answers "already confirmed"', async () => {
    const address = email();
    const first = await registerUnconfirmed(address);
    const res = await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: ` ${address.toUpperCase()}`, password: 'geheim123' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Bestätigungs-Link wurde erneut gesendet' });
    const mails = await outboxMails(auth.schema, address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('hier ist dein neuer Link');
    const second = confirmTokenOf(mails[1]!);
    expect(second).not.toBe(first);
    expect((await auth.call('POST', '/api/auth/confirm-email', { body: { token: second } })).status).toBe(200);
    const done = await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: address, password: 'geheim123' } });
    expect(done.status).toBe(400);
    expect(done.body).toEqual({ detail: MSG.alreadyConfirmed });
  });

  it('is no way around the login limits: per account 5 calls per 10 minutes, then 429 with wait_time, even with the right password', async () => {
    const address = email();
    await registerUnconfirmed(address);
    for (let i = 0; i < RESEND_LIMIT.limit; i++) {
      const guess = await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: address, password: `rate${i}geheim` } });
      expect(guess.status).toBe(401);
    }
    const blocked = await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: ` ${address.toUpperCase()} `, password: 'geheim123' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ detail: MSG.resendLimited });
    const wait = (blocked.body as { wait_time: number }).wait_time;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RESEND_LIMIT.windowSeconds);
    expect(await outboxMails(auth.schema, address)).toHaveLength(1);
    // Other accounts are not affected.
    const other = email();
    await registerUnconfirmed(other);
    expect((await auth.call('POST', '/api/auth/resend-confirmation', { body: { email: other, password: 'geheim123' } })).status).toBe(200);
  });
});

describe('forgot password', () => {
  it('answers the same neutral 200 for unknown and known addresses, mailing only the known one', async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    const before = (await outboxMails(auth.schema)).length;
    const unknown = await auth.call('POST', '/api/auth/forgot-password', {
      body: { email: email('niemand'), redirectTo: 'http://localhost:8080/update-password' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: MSG.forgotNeutral });
    expect((await outboxMails(auth.schema)).length).toBe(before);

    const known = await auth.call('POST', '/api/auth/forgot-password', {
      body: { email: address.toUpperCase(), redirectTo: 'http://localhost:8080/update-password' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = (await outboxMails(auth.schema, address)).at(-1)!;
    expect(mail.subject).toBe('Passwort zurücksetzen – Stundenplan-Assistent');
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/update-password#token=[\w-]{43}\n/);
    expect(mail.text).toContain('60 Minuten');
    const token = resetTokenOf(mail);
    const rows = await sql<{ expires_at: Date; purpose: string }>(`SELECT expires_at, purpose FROM "${auth.schema}".email_tokens WHERE token_hash = $1`, [
      sha256(token),
    ]);
    expect(rows[0]!.purpose).toBe('reset');
    expect(Math.abs(rows[0]!.expires_at.getTime() - (Date.now() + 60 * 60 * 1000))).toBeLessThan(10_000);
  });

  it('ignores a redirectTo other than the reset pages of this deployment, and drops its query', async () => {
    // One address per request: an address gets at most 3 reset mails per hour.
    for (const redirectTo of [
      'https://evil.example/update-password',
      'http://localhost:8080.evil.example/x',
      'javascript:alert(1)',
      'kein link',
      // Another page of this deployment could hand the token in the fragment on (issue: open redirect after sign-in).
      'http://localhost:8080/api/auth/oidc/login?redirect=/.//evil.example',
      'http://localhost:8080/login',
    ]) {
      const address = email();
      await registerConfirmed(auth, { email: address });
      await auth.call('POST', '/api/auth/forgot-password', { body: { email: address, redirectTo } });
      expect((await outboxMails(auth.schema, address)).at(-1)!.text).toMatch(/\nhttp:\/\/localhost:8080\/update-password#token=/);
    }
    const address = email();
    await registerConfirmed(auth, { email: address });
    await auth.call('POST', '/api/auth/forgot-password', { body: { email: address, redirectTo: 'http://localhost:8080/reset-password?x=1#alt' } });
    expect((await outboxMails(auth.schema, address)).at(-1)!.text).toMatch(/\nhttp:\/\/localhost:8080\/reset-password#token=[\w-]{43}(?![\w-])/);
  });

  it('answers 400 for something that is no e-mail address', async () => {
    for (const body of [{}, { email: 'kein-at' }, { email: 42 }]) {
      const res = await auth.call('POST', '/api/auth/forgot-password', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.email });
    }
  });
});

describe('update password', () => {
  async function requestReset(address: string): Promise<string> {
    expect((await auth.call('POST', '/api/auth/forgot-password', { body: { email: address } })).status).toBe(200);
    return resetTokenOf((await outboxMails(auth.schema, address)).at(-1)!);
  }

  it('sets the password once, revokes every session, and a login right afterwards works', async () => {
    const address = email();
    const { cookie } = await registerConfirmed(auth, { email: address });
    const token = await requestReset(address);
    const res = await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neuesPasswort9' }, cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Passwort erfolgreich aktualisiert' });
    expect(res.cookies.some((c) => c.startsWith('sp_session=;'))).toBe(true);

    expect((await auth.call('GET', '/api/me', { cookie })).status).toBe(401);
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).status).toBe(401);
    const login = await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'neuesPasswort9' } });
    expect(login.status).toBe(200);
    expect((await auth.call('GET', '/api/me', { cookie: sessionCookie(login.cookies) })).status).toBe(200);

    const reused = await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'nochmal123' } });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: 'Ungültiger Link' });
  });

  it('refuses an expired token (expires_at in the past) with "Ungültiger Link"', async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    const token = await requestReset(address);
    await sql(`UPDATE "${auth.schema}".email_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [sha256(token)]);
    const res = await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neuesPasswort9' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Ungültiger Link' });
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).status).toBe(200);
  });

  it('check-reset-token: a fresh link is valid; malformed, unknown, confirmation, expired and used ones are "Ungültiger Link"; nothing changes', async () => {
    const check = (token: unknown) => auth.call('POST', '/api/auth/check-reset-token', { body: { token } });
    const address = email();
    const confirm = await registerUnconfirmed(address);
    const token = await requestReset(address);
    const ok = await check(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    // Checking twice does not use the token up, nor confirm the address.
    expect((await check(token)).status).toBe(200);
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'geheim123' } })).body).toEqual({ detail: 'Email not confirmed' });

    for (const bad of [undefined, '', 'abc', 42, 'B'.repeat(43), confirm]) {
      const res = await check(bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Ungültiger Link' });
    }
    const expired = await requestReset(address);
    await sql(`UPDATE "${auth.schema}".email_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [sha256(expired)]);
    expect((await check(expired)).body).toEqual({ detail: 'Ungültiger Link' });

    expect((await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neuesPasswort9' } })).status).toBe(200);
    expect((await check(token)).body).toEqual({ detail: 'Ungültiger Link' });
  });

  it('kills the other open reset links of the user once one was used', async () => {
    const address = email();
    await registerConfirmed(auth, { email: address });
    const a = await requestReset(address);
    const b = await requestReset(address);
    expect((await auth.call('POST', '/api/auth/update-password', { body: { token: b, password: 'neuesPasswort9' } })).status).toBe(200);
    expect((await auth.call('POST', '/api/auth/update-password', { body: { token: a, password: 'anderes123' } })).body).toEqual({ detail: 'Ungültiger Link' });
  });

  it('refuses unknown, malformed and confirmation tokens, and weak passwords with the SPEC text', async () => {
    for (const token of [undefined, '', 'abc', 'B'.repeat(43)]) {
      const res = await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neuesPasswort9' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Ungültiger Link' });
    }
    const address = email();
    const confirm = await registerUnconfirmed(address);
    expect((await auth.call('POST', '/api/auth/update-password', { body: { token: confirm, password: 'neuesPasswort9' } })).body).toEqual({
      detail: 'Ungültiger Link',
    });
    const token = await requestReset(address);
    for (const password of ['kurz1', 'nurbuchstaben', '12345678', `a1${'x'.repeat(99)}`]) {
      const res = await auth.call('POST', '/api/auth/update-password', { body: { token, password } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.password });
    }
  });

  it('confirms the address of an unconfirmed account (the link proved it)', async () => {
    const address = email();
    await registerUnconfirmed(address);
    const token = await requestReset(address);
    expect((await auth.call('POST', '/api/auth/update-password', { body: { token, password: 'neuesPasswort9' } })).status).toBe(200);
    expect((await auth.call('POST', '/api/auth/login', { body: { email: address, password: 'neuesPasswort9' } })).status).toBe(200);
  });
});
