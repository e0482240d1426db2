import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { startFakeIssuer, type FakeIssuer } from './fake-issuer.js';
import { dropSchemas, outboxEvents, outboxMails, rawGet, registerConfirmed, sessionCookie, sql, startAuth, type TestAuth } from './helpers.js';

/** University sign-in (OpenID Connect) against a provider at the service's boundary; the browser test runs against Keycloak. */

let idp: FakeIssuer;
let auth: TestAuth;
let ssoOnly: TestAuth;

beforeAll(async () => {
  idp = await startFakeIssuer();
  const oidcEnv = { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: 'geheim', OIDC_LABEL: 'HMTM-Login' };
  auth = await startAuth(oidcEnv);
  ssoOnly = await startAuth({ ...oidcEnv, PASSWORD_LOGIN: 'false' });
});

afterAll(async () => {
  await auth?.svc.stop();
  await ssoOnly?.svc.stop();
  await idp?.close();
  await dropSchemas([auth, ssoOnly].filter(Boolean).map((a) => a.schema));
});

let n = 0;
const uniq = () => `${Date.now().toString(36)}${n++}`;

interface Started {
  authUrl: string;
  state: string;
  flowCookie: string;
}

async function startLogin(a: TestAuth, query = ''): Promise<Started> {
  const res = await fetch(`${a.base}/api/auth/oidc/login${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const authUrl = res.headers.get('location')!;
  const flowLine = res.headers.getSetCookie().find((c) => c.startsWith('sp_oidc_state='))!;
  expect(flowLine).toMatch(/HttpOnly/i);
  return { authUrl, state: new URL(authUrl).searchParams.get('state')!, flowCookie: flowLine.split(';')[0]! };
}

async function callback(a: TestAuth, params: Record<string, string>, cookie?: string) {
  const res = await fetch(`${a.base}/api/auth/oidc/callback?${new URLSearchParams(params)}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, location: res.headers.get('location'), cookies: res.headers.getSetCookie(), text: await res.text() };
}

const teacherClaims = (sub: string, email: string) => ({
  sub,
  email,
  email_verified: true,
  given_name: 'Clara',
  family_name: 'Wieck',
  eduPersonAffiliation: ['faculty', 'member'],
});
const studentClaims = (sub: string, email: string) => ({ sub, email, email_verified: true, name: 'Felix Mendelssohn', eduPersonAffiliation: 'student' });

async function signIn(a: TestAuth, claims: Record<string, unknown>, query = '') {
  const s = await startLogin(a, query);
  const code = idp.approve(s.authUrl, claims);
  return callback(a, { code, state: s.state }, s.flowCookie);
}

describe('GET /api/auth/config', () => {
  it('tells the web what to offer', async () => {
    expect((await auth.call('GET', '/api/auth/config')).body).toEqual({ password_login: true, oidc: { enabled: true, label: 'HMTM-Login' } });
    expect((await ssoOnly.call('GET', '/api/auth/config')).body).toEqual({ password_login: false, oidc: { enabled: true, label: 'HMTM-Login' } });
  });
});

describe('GET /api/auth/oidc/login', () => {
  it('sends the browser to the issuer with PKCE (S256), state and nonce', async () => {
    const s = await startLogin(auth);
    const u = new URL(s.authUrl);
    expect(u.origin + u.pathname).toBe(`${idp.issuer}/auth`);
    expect(u.searchParams.get('client_id')).toBe('stundenplan');
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('nonce')).toBeTruthy();
    expect(u.searchParams.get('redirect_uri')).toBe('http://localhost:8080/api/auth/oidc/callback');
    expect(u.searchParams.get('scope')).toContain('openid');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'https:evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x',
    '/%5Cevil.example',
    '/%2Fevil.example',
    '/api/me',
    'student',
    '',
  ])('refuses the redirect %j with 400 and a German detail', async (redirect) => {
    const res = await auth.call('GET', `/api/auth/oidc/login?redirect=${encodeURIComponent(redirect)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.redirectInvalid });
  });

  // Each resolves to '//evil.example' once the dot segments are resolved (issue 37: open redirect after the sign-in).
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2e//evil.example',
    '/a/../..//evil.example',
    '/./%2fevil.example',
    '/.%2e/%5cevil.example',
    '/student/..//evil.example/x?y=1',
  ])('refuses the redirect %s, sent byte for byte, with 400 and starts no flow', async (redirect) => {
    for (const query of [redirect, encodeURIComponent(redirect)]) {
      const res = await rawGet(auth, `/api/auth/oidc/login?redirect=${query}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ detail: MSG.redirectInvalid });
      expect(res.location).toBeUndefined();
    }
  });

  it('keeps a local redirect whose dot segments stay on this site, resolved', async () => {
    const sub = `s-${uniq()}`;
    const email = `dot.${uniq()}@stud.hmtm.de`;
    await signIn(auth, studentClaims(sub, email));
    const again = await signIn(auth, studentClaims(sub, email), '?redirect=/student/./x/../classes');
    expect(again.location).toBe('/student/classes');
  });

  it.each([
    ['a repeated redirect', '?redirect=/student&redirect=/scheduling', MSG.redirectInvalid],
    ['a redirect over 512 characters', `?redirect=/${'a'.repeat(600)}`, MSG.redirectInvalid],
    ['an empty registration code', '?register_shortcut=', MSG.invalidShortcut],
    ['a malformed registration code', '?register_shortcut=blau%20hund', MSG.invalidShortcut],
    ['a repeated registration code', '?register_shortcut=a-b-c&register_shortcut=d-e-f', MSG.invalidShortcut],
    ['a huge registration code', `?register_shortcut=${'a'.repeat(5000)}`, MSG.invalidShortcut],
    ['a member id without a code', `?member_id=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, MSG.memberIdFormat],
    ['a member id that is no UUID', '?register_shortcut=a-b-c&member_id=42', MSG.memberIdFormat],
    ['a repeated member id', '?register_shortcut=a-b-c&member_id=1&member_id=2', MSG.memberIdFormat],
    ['a control character', '?redirect=/student%01', 'Ungültige Zeichen in der Anfrage.'],
  ])('refuses %s with 400 and its German detail, before any flow starts', async (_what, query, detail) => {
    const res = await auth.call('GET', `/api/auth/oidc/login${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('answers 404 where no issuer is configured', async () => {
    const plain = await startAuth();
    try {
      expect((await plain.call('GET', '/api/auth/config')).body).toEqual({ password_login: true, oidc: { enabled: false, label: null } });
      expect((await plain.call('GET', '/api/auth/oidc/login')).status).toBe(404);
    } finally {
      await plain.svc.stop();
      await dropSchemas([plain.schema]);
    }
  });
});

describe('GET /api/auth/oidc/callback', () => {
  it('first sign-in of a teacher creates the account from the claims and ends like a password login', async () => {
    const email = `Clara.${uniq()}@HMTM.de`;
    const res = await signIn(auth, teacherClaims(`t-${uniq()}`, email));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/scheduling');
    const cookie = sessionCookie(res.cookies);
    expect(res.cookies.find((c) => c.startsWith('sp_session='))).toMatch(/HttpOnly/i);
    const me = await auth.call<{ role: string; email: string; username: string }>('GET', '/api/me', { cookie });
    expect(me.body).toMatchObject({ role: 'teacher', email: email.toLowerCase(), username: 'Clara Wieck' });
    const [row] = await sql<{ institution: string | null; confirmed: boolean }>(
      `SELECT i.name AS institution, u.email_confirmed_at IS NOT NULL AS confirmed FROM "${auth.schema}".users u LEFT JOIN "${auth.schema}".institutions i ON i.id = u.institution_id WHERE u.email = $1`,
      [email.toLowerCase()],
    );
    expect(row).toEqual({ institution: 'Hochschule für Musik und Theater München', confirmed: true });
    const registered = (await outboxEvents<{ email: string; role_id: number }>(auth.schema, 'user.registered.v1')).filter(
      (e) => e.payload.email === email.toLowerCase(),
    );
    expect(registered).toHaveLength(1);
    expect(registered[0]!.payload.role_id).toBe(2);
  });

  it('a student lands on /student (or the local redirect asked for); the second sign-in finds the same account', async () => {
    const sub = `s-${uniq()}`;
    const email = `felix.${uniq()}@stud.hmtm.de`;
    const first = await signIn(auth, studentClaims(sub, email));
    expect(first.location).toBe('/student');
    const second = await signIn(auth, studentClaims(sub, email), `?redirect=${encodeURIComponent('/student/classes?x=1')}`);
    expect(second.location).toBe('/student/classes?x=1');
    const rows = await sql(`SELECT id FROM "${auth.schema}".users WHERE email = $1`, [email]);
    expect(rows).toHaveLength(1);
    // With a registration code the existing account lands where it joins the course.
    const withCode = await signIn(auth, studentClaims(sub, email), '?register_shortcut=blau-hund-tanz');
    expect(withCode.location).toBe('/student/classes?code=blau-hund-tanz');
  });

  it('a bad or missing state, or a state of another browser, gets the German page and no session', async () => {
    const s = await startLogin(auth);
    const code = idp.approve(s.authUrl, teacherClaims(`t-${uniq()}`, `x${uniq()}@hmtm.de`));
    const other = await startLogin(auth);
    for (const [params, cookie] of [
      [{ code, state: 'falsch' }, s.flowCookie],
      [{ code }, s.flowCookie],
      [{ code, state: s.state }, undefined],
      [{ code, state: s.state }, other.flowCookie],
    ] as const) {
      const res = await callback(auth, params, cookie);
      expect(res.status).toBe(400);
      expect(res.text).toContain(MSG.oidcFlowInvalid);
      expect(res.cookies.some((c) => c.startsWith('sp_session=') && !c.startsWith('sp_session=;'))).toBe(false);
    }
  });

  it('a malformed query gets its German page: a repeated state, a repeated error', async () => {
    const s = await startLogin(auth);
    const twice = await fetch(`${auth.base}/api/auth/oidc/callback?code=x&state=${s.state}&state=${s.state}`, {
      redirect: 'manual',
      headers: { Cookie: s.flowCookie },
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain(MSG.oidcFlowInvalid);
    const errors = await fetch(`${auth.base}/api/auth/oidc/callback?state=${s.state}&error=a&error=b`, {
      redirect: 'manual',
      headers: { Cookie: s.flowCookie },
    });
    expect(errors.status).toBe(400);
    expect(errors.headers.get('content-type')).toMatch(/text\/html/);
    expect(await errors.text()).toContain(MSG.oidcCancelled);
  });

  it('a replayed callback (same code and state) is refused; the code reaches the issuer only once', async () => {
    const s = await startLogin(auth);
    const code = idp.approve(s.authUrl, teacherClaims(`t-${uniq()}`, `r${uniq()}@hmtm.de`));
    const calls = idp.tokenCalls;
    expect((await callback(auth, { code, state: s.state }, s.flowCookie)).status).toBe(302);
    const replay = await callback(auth, { code, state: s.state }, s.flowCookie);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain(MSG.oidcFlowInvalid);
    expect(idp.tokenCalls - calls).toBe(1);
  });

  it('an ID token with another nonce, or signed with a key not in the issuer JWKS, is refused', async () => {
    const email = `n${uniq()}@hmtm.de`;
    for (const tweak of [{ nonce: 'fremd' }, { signWithOtherKey: true }]) {
      const s = await startLogin(auth);
      const code = idp.approve(s.authUrl, teacherClaims(`t-${uniq()}`, email), tweak);
      const res = await callback(auth, { code, state: s.state }, s.flowCookie);
      expect(res.status).toBe(400);
      expect(res.text).toContain(MSG.oidcFlowInvalid);
    }
    expect(await sql(`SELECT id FROM "${auth.schema}".users WHERE email = $1`, [email])).toHaveLength(0);
  });

  it('a cancelled sign-in at the issuer gets its page', async () => {
    const s = await startLogin(auth);
    const res = await callback(auth, { error: 'access_denied', state: s.state }, s.flowCookie);
    expect(res.status).toBe(400);
    expect(res.text).toContain(MSG.oidcCancelled);
  });

  it('a missing or unmapped role gets a clear German page and no account', async () => {
    for (const affiliation of [undefined, ['affiliate', 'library-walk-in'], 'alum']) {
      const email = `g${uniq()}@hmtm.de`;
      const res = await signIn(auth, { sub: `g-${uniq()}`, email, email_verified: true, name: 'Greta Gast', eduPersonAffiliation: affiliation });
      expect(res.status).toBe(403);
      expect(res.text).toContain('Dein Hochschul-Account weist dich weder als Lehrende*n noch als Studierende*n aus.');
      expect(res.text).toContain('lang="de"');
      expect(await sql(`SELECT id FROM "${auth.schema}".users WHERE email = $1`, [email])).toHaveLength(0);
    }
  });

  it('an existing password account is linked only after the link of the mail, never silently', async () => {
    const email = `bestand${uniq()}@hmtm.de`;
    const { userId } = await registerConfirmed(auth, { email, role_id: 2 });
    const sub = `b-${uniq()}`;
    const res = await signIn(auth, teacherClaims(sub, email));
    expect(res.status).toBe(409);
    expect(res.text).toContain('Wir haben dir eine E-Mail mit einem Link geschickt');
    expect(res.cookies.some((c) => c.startsWith('sp_session=') && !c.startsWith('sp_session=;'))).toBe(false);
    expect(await sql(`SELECT 1 FROM "${auth.schema}".oidc_identities WHERE user_id = $1`, [userId])).toHaveLength(0);

    const mail = (await outboxMails(auth.schema, email)).at(-1)!;
    expect(mail.subject).toBe('Account mit dem Hochschul-Login verbinden – Stundenplan-Assistent');
    const token = /\/api\/auth\/oidc\/link\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const link = await fetch(`${auth.base}/api/auth/oidc/link?token=${token}`, { redirect: 'manual' });
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/scheduling');
    const me = await auth.call<{ user_id: string }>('GET', '/api/me', { cookie: sessionCookie(link.headers.getSetCookie()) });
    expect(me.body.user_id).toBe(userId);
    // Once only.
    const again = await fetch(`${auth.base}/api/auth/oidc/link?token=${token}`, { redirect: 'manual' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(MSG.oidcLinkInvalid);
    // From now on the university sign-in opens that account directly.
    const next = await signIn(auth, teacherClaims(sub, email));
    expect(next.status).toBe(302);
    expect((await auth.call<{ user_id: string }>('GET', '/api/me', { cookie: sessionCookie(next.cookies) })).body.user_id).toBe(userId);
  });
});

describe('GET /api/auth/oidc/link', () => {
  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['a repeated token', '?token=abc&token=def'],
    ['a huge token', `?token=${'A'.repeat(5000)}`],
  ])('answers %s with the German page of an invalid link and no session', async (_what, query) => {
    const res = await fetch(`${auth.base}/api/auth/oidc/link${query}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain(MSG.oidcLinkInvalid);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sp_session=') && !c.startsWith('sp_session=;'))).toBe(false);
  });
});

describe('logout of a university session', () => {
  it('answers the issuer logout address with the ID token hint; a password session gets none', async () => {
    const res = await signIn(auth, teacherClaims(`l-${uniq()}`, `l${uniq()}@hmtm.de`));
    const cookie = sessionCookie(res.cookies);
    const out = await auth.call<{ message: string; logout_url?: string }>('POST', '/api/auth/logout', { cookie });
    expect(out.body.message).toBe(MSG.logoutOk);
    const url = new URL(out.body.logout_url!);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/logout`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:8080/');
    expect((await auth.call('GET', '/api/me', { cookie })).status).toBe(401);

    const { cookie: pw } = await registerConfirmed(auth, { email: `pw${uniq()}@example.org` });
    expect((await auth.call('POST', '/api/auth/logout', { cookie: pw })).body).toEqual({ message: MSG.logoutOk });
  });
});

describe('PASSWORD_LOGIN=false', () => {
  it('password login, registration and reset answer 403 with the German text; the university sign-in works', async () => {
    const body = { email: 'someone@hmtm.de', password: 'geheim123', name: 'Erika Muster', role_id: 2 };
    for (const path of ['login', 'register', 'forgot-password', 'update-password', 'resend-confirmation']) {
      const res = await ssoOnly.call('POST', `/api/auth/${path}`, { body });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ detail: 'Die Anmeldung erfolgt über den Hochschul-Login.' });
    }
    const res = await signIn(ssoOnly, studentClaims(`p-${uniq()}`, `p${uniq()}@stud.hmtm.de`));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/student');
  });
});
