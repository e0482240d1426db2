import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { nameOf } from '../src/domain/oidc-sign-in.js';
import { startFakeIssuer, type FakeIssuer } from './fake-issuer.js';
import { KLAVIER_CLASS, MEMBER_ID } from './registration-fixture.js';
import { dropSchemas, outboxEvents, outboxMails, registerConfirmed, sql, startAuth, startClassesStub, type StubClasses, type TestAuth } from './helpers.js';

/**
 * What the university's claims may do on a first sign-in: only an address the university marks as verified
 * (`email_verified: true`) creates an account, takes over a member row with the class code or asks for a
 * link mail; the name claim passes the registration's name rule.
 */

let idp: FakeIssuer;
let stub: StubClasses;
let auth: TestAuth;

beforeAll(async () => {
  idp = await startFakeIssuer();
  stub = await startClassesStub();
  stub.classes.set('blau-hund-tanz', { ...KLAVIER_CLASS, description: '' });
  auth = await startAuth({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: 'geheim',
    CLASSES_SERVICE_ADDR: stub.addr,
  });
});

afterAll(async () => {
  await auth?.svc.stop();
  await stub?.close();
  await idp?.close();
  await dropSchemas([auth?.schema].filter((s): s is string => Boolean(s)));
});

let n = 0;
const uniq = () => `${Date.now().toString(36)}${n++}`;

async function signIn(claims: Record<string, unknown>, query = '') {
  const start = await fetch(`${auth.base}/api/auth/oidc/login${query}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authUrl = start.headers.get('location')!;
  const flowCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('sp_oidc_state='))!
    .split(';')[0]!;
  const code = idp.approve(authUrl, claims);
  const params = new URLSearchParams({ code, state: new URL(authUrl).searchParams.get('state')! });
  const res = await fetch(`${auth.base}/api/auth/oidc/callback?${params}`, { redirect: 'manual', headers: { Cookie: flowCookie } });
  return { status: res.status, location: res.headers.get('location'), cookies: res.headers.getSetCookie(), text: await res.text() };
}

const signedIn = (cookies: string[]) => cookies.some((c) => c.startsWith('sp_session=') && !c.startsWith('sp_session=;'));
const usersWith = async (email: string) => sql<{ id: string; name: string }>(`SELECT id, name FROM "${auth.schema}".users WHERE email = $1`, [email]);
const registeredEvents = async (email: string) =>
  (await outboxEvents<{ email: string }>(auth.schema, 'user.registered.v1')).filter((e) => e.payload.email === email);

describe('an address the university has not verified', () => {
  it.each([
    ['false', false],
    ['missing', undefined],
    ['the string "true"', 'true'],
    ['1', 1],
  ])('email_verified %s: no account, no member taken over, a German page says why', async (_what, verified) => {
    const email = `max.${uniq()}@stud.hmtm.de`;
    const claims = { sub: `u-${uniq()}`, email, email_verified: verified, name: 'Max Muster', eduPersonAffiliation: 'student' };
    // With the class code and the member the teacher entered by hand: exactly the takeover the check must stop.
    const res = await signIn(claims, `?register_shortcut=blau-hund-tanz&member_id=${MEMBER_ID}`);
    expect(res.status).toBe(403);
    expect(res.text).toContain('lang="de"');
    expect(res.text).toContain('Deine Hochschule hat deine E-Mail-Adresse nicht bestätigt.');
    expect(res.text).toContain(MSG.oidcEmailUnverified);
    expect(signedIn(res.cookies)).toBe(false);
    expect(await usersWith(email)).toHaveLength(0);
    expect(await registeredEvents(email)).toHaveLength(0);
    expect(await sql(`SELECT 1 FROM "${auth.schema}".oidc_identities WHERE subject = $1`, [claims.sub])).toHaveLength(0);
  });

  it('sends no link mail to an existing account and links nothing', async () => {
    const email = `bestand.${uniq()}@hmtm.de`;
    const { userId } = await registerConfirmed(auth, { email, role_id: 2 });
    const mailsBefore = (await outboxMails(auth.schema, email)).length;
    const res = await signIn({ sub: `b-${uniq()}`, email, email_verified: false, name: 'Clara Wieck', eduPersonAffiliation: 'faculty' });
    expect(res.status).toBe(403);
    expect(res.text).toContain(MSG.oidcEmailUnverified);
    expect(await outboxMails(auth.schema, email)).toHaveLength(mailsBefore);
    expect(await sql(`SELECT 1 FROM "${auth.schema}".email_tokens WHERE user_id = $1 AND purpose = 'oidc-link'`, [userId])).toHaveLength(0);
  });

  it('the same person with a verified address gets the account and the membership', async () => {
    const email = `max.${uniq()}@stud.hmtm.de`;
    const res = await signIn(
      { sub: `v-${uniq()}`, email, email_verified: true, name: 'Max Muster', eduPersonAffiliation: 'student' },
      '?register_shortcut=blau-hund-tanz',
    );
    expect(res.status).toBe(302);
    expect(signedIn(res.cookies)).toBe(true);
    expect(await usersWith(email)).toHaveLength(1);
    expect(await registeredEvents(email)).toHaveLength(1);
  });
});

describe('the name claim passes the registration name rule', () => {
  const base = { email_verified: true, eduPersonAffiliation: 'student' };

  it('markup or invisible letters in the name: the next candidate that passes, never the raw claim', async () => {
    const email = `felix.mendelssohn.${uniq()}0@stud.hmtm.de`;
    const res = await signIn({
      ...base,
      sub: `n-${uniq()}`,
      email,
      name: '<img src=x onerror=alert(1)> Felix',
      given_name: '\u3164\u3164',
      family_name: '\u3164',
    });
    expect(res.status).toBe(302);
    const [row] = await usersWith(email);
    expect(row!.name).toBe('Felix Mendelssohn');
  });

  it('no candidate passes: no account and a German page', async () => {
    const email = `x.${uniq()}0@stud.hmtm.de`;
    const res = await signIn({ ...base, sub: `m-${uniq()}`, email, name: '<b>Ab</b>', given_name: 'Zoë\u200b', family_name: '' });
    expect(res.status).toBe(400);
    expect(res.text).toContain(MSG.oidcNoName);
    expect(await usersWith(email)).toHaveLength(0);
  });

  it.each([
    [{ name: '  Clara   Wieck ' }, 'c@x.de', 'Clara Wieck'],
    [{ given_name: 'Clara', family_name: 'Wieck' }, 'c@x.de', 'Clara Wieck'],
    [{ name: 'Clara<script>', given_name: 'Clara', family_name: 'Wieck' }, 'c@x.de', 'Clara Wieck'],
    [{ name: 'Clara\u200bWieck Schumann' }, 'clara.wieck@x.de', 'Clara Wieck'],
    [{ name: 'Madonna' }, 'madonna@x.de', null],
  ])('nameOf(%j, %s) is %j', (claims, email, expected) => {
    expect(nameOf(claims, email)).toBe(expected);
  });
});
