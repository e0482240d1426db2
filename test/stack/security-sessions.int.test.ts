import { createPrivateKey, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, linkFrom, signUp, startTestStack, uniqueEmail, waitForMail } from './helpers.js';

/**
 * Sessions that stay ended: logout, password reset and account deletion end a session for
 * good. Each session is ended, the WHOLE stack is stopped and started again on the same database with
 * an empty memory store, and then the old cookie is refused by the gateway and by every service on its
 * own port. Plus: per-account limits inside the auth service, unknown-account timing, tokens without exp.
 */

type Stack = Awaited<ReturnType<typeof startTestStack>>;
type ServiceName = keyof Stack['serviceBase'];

const SOME_CLASS = '00000000-0000-4000-8000-000000000001';
/** One authenticated call per service, sent straight to the service's own port. */
const SERVICE_CALLS: [ServiceName, string, string][] = [
  ['auth', 'GET', '/api/me'],
  ['classes', 'GET', '/api/me/classes'],
  ['availability', 'GET', `/api/classes/${SOME_CLASS}/time-range`],
  ['scheduling-solver', 'GET', `/api/classes/${SOME_CLASS}/schedules`],
  ['document', 'POST', '/api/export-pdf-alternative'],
  ['notification', 'POST', '/api/send-schedule-to-students'],
];
const ALL_REFUSED = SERVICE_CALLS.map(([svc]) => `${svc} 401`);

async function call(base: string, method: string, p: string, cookie: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: base },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

let stack: Stack;

beforeAll(async () => {
  stack = await startTestStack(inject('databaseUrl'), { port: 21280, portOffset: 13200 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('ended sessions stay ended across a restart of the whole stack', () => {
  let teacher: Client;
  let classId = '';
  let shortcut = '';
  const ended: Record<'logout' | 'reset' | 'deletedTeacher' | 'deletedStudent', string> = { logout: '', reset: '', deletedTeacher: '', deletedStudent: '' };
  const deletedStudentEmail = uniqueEmail('geloescht');
  let liveStudent: Client;

  const statuses = (cookie: string) =>
    Promise.all(SERVICE_CALLS.map(async ([svc, method, p]) => `${svc} ${(await call(stack.serviceBase[svc], method, p, cookie)).status}`));
  const none401 = async (cookie: string) => expect((await statuses(cookie)).filter((s) => s.endsWith(' 401'))).toEqual([]);

  beforeAll(async () => {
    teacher = await signUp(stack.base, { name: 'Clara Schumann', email: uniqueEmail('lehrerin'), role: 'teacher' });
    const created = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
      name: 'Klavier',
      description: null,
      is_group: false,
      register_shortcut: '',
    });
    expect(created.status).toBeLessThan(300);
    classId = created.body.class_id;
    shortcut = created.body.register_shortcut;

    // Logout (a student).
    const a = await signUp(stack.base, { name: 'Alma Mahler', email: uniqueEmail('logout'), role: 'student' });
    ended.logout = a.cookie;
    await none401(a.cookie);
    expect((await a.post('/api/auth/logout')).status).toBe(200);

    // Password reset (a teacher): the reset is done without the session, from the mailed link.
    const resetEmail = uniqueEmail('reset');
    const r = await signUp(stack.base, { name: 'Fanny Hensel', email: resetEmail, role: 'teacher' });
    ended.reset = r.cookie;
    await none401(r.cookie);
    expect((await new Client(stack.base).post('/api/auth/forgot-password', { email: resetEmail })).status).toBe(200);
    const token = new URL(linkFrom(await waitForMail(stack.base, resetEmail, /Passwort/), '/update-password').replace('#', '?')).searchParams.get('token');
    expect((await new Client(stack.base).post('/api/auth/update-password', { token, password: 'Neu12345geheim' })).status).toBe(200);

    // Account deletion: a teacher and a student.
    const t = await signUp(stack.base, { name: 'Robert Schumann', email: uniqueEmail('lehrer.weg'), role: 'teacher' });
    ended.deletedTeacher = t.cookie;
    await none401(t.cookie);
    expect((await t.del('/api/me')).status).toBe(200);
    const s = await signUp(stack.base, { name: 'Johannes Brahms', email: deletedStudentEmail, role: 'student' });
    ended.deletedStudent = s.cookie;
    await none401(s.cookie);
    expect((await s.del('/api/me')).status).toBe(200);

    liveStudent = await signUp(stack.base, { name: 'Pauline Viardot', email: uniqueEmail('lebt'), role: 'student' });

    await stack.restart();
  }, 180_000);

  it('keeps live sessions alive across the restart (so the refusals below mean something)', async () => {
    expect((await teacher.get('/api/me')).status).toBe(200);
    await none401(teacher.cookie);
    await none401(liveStudent.cookie);
  });

  for (const ending of ['logout', 'reset', 'deletedTeacher', 'deletedStudent'] as const) {
    it(`refuses the cookie ended by ${ending} at the gateway and at every service itself`, async () => {
      const cookie = ended[ending];
      expect(cookie).toMatch(/^sp_session=/);
      const viaGateway = await call(stack.base, 'GET', '/api/me', cookie);
      expect(viaGateway.status).toBe(401);
      expect(await statuses(cookie)).toEqual(ALL_REFUSED);
    });
  }

  it("a deleted student's cookie can neither save times nor join a class (no member row with the deleted person)", async () => {
    const cookie = ended.deletedStudent;
    const times = { available_times: { '0': ['9.00', '9.15'] } };
    expect((await call(stack.base, 'PUT', '/api/me/available-times', cookie, times)).status).toBe(401);
    expect((await call(stack.serviceBase.availability, 'PUT', '/api/me/available-times', cookie, times)).status).toBe(401);
    const join = { register_shortcut: shortcut, duration: 45 };
    expect((await call(stack.base, 'POST', '/api/students/join-class', cookie, join)).status).toBe(401);
    expect((await call(stack.serviceBase.classes, 'POST', '/api/students/join-class', cookie, join)).status).toBe(401);

    // The same calls work for a live student, and only that one shows up in the class.
    expect((await call(stack.base, 'POST', '/api/students/join-class', liveStudent.cookie, join)).status).toBeLessThan(300);
    const members = await teacher.get<{ members: { email: string | null }[] }>(`/api/classes/${classId}/members`);
    expect(members.status).toBe(200);
    expect(members.body.members).toHaveLength(1);
    expect(members.body.members.map((m) => m.email)).not.toContain(deletedStudentEmail);
  });

  it("a deleted teacher's cookie cannot create a class", async () => {
    const cls = { name: 'Geisterklasse', description: null, is_group: false, register_shortcut: '' };
    expect((await call(stack.base, 'POST', '/api/classes', ended.deletedTeacher, cls)).status).toBe(401);
    expect((await call(stack.serviceBase.classes, 'POST', '/api/classes', ended.deletedTeacher, cls)).status).toBe(401);
    expect((await call(stack.base, 'POST', '/api/classes', teacher.cookie, { ...cls, name: 'Lebende Klasse' })).status).toBeLessThan(300);
  });

  it('never routes the internal session status endpoint through the gateway', async () => {
    const token = teacher.cookie.slice('sp_session='.length);
    expect((await call(stack.serviceBase.auth, 'POST', '/internal/session-status', '', { token })).body).toEqual({ active: true });
    expect((await call(stack.serviceBase.auth, 'POST', '/internal/session-status', '', { token: ended.logout.slice(11) })).body).toEqual({ active: false });
    const viaGateway = await call(stack.base, 'POST', '/internal/session-status', '', { token });
    expect(viaGateway.status).toBe(404);
    expect(viaGateway.body).not.toEqual({ active: true });
    expect(viaGateway.body).not.toEqual({ active: false });
  });

  it('refuses a token without exp, even one signed with the real key for a live session', async () => {
    const jwk = JSON.parse(readFileSync(path.join(stack.dataDir, 'auth-signing-key.json'), 'utf8')) as JsonWebKey;
    const kid = ((await (await fetch(`${stack.serviceBase.auth}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys[0]!.kid;
    const { exp: _exp, ...claims } = decodeJwt(teacher.cookie.slice('sp_session='.length));
    const noExp = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(createPrivateKey({ key: jwk, format: 'jwk' }));
    const cookie = `sp_session=${noExp}`;
    expect((await call(stack.base, 'GET', '/api/me', teacher.cookie)).status).toBe(200);
    expect((await call(stack.base, 'GET', '/api/me', cookie)).status).toBe(401);
    expect(await statuses(cookie)).toEqual(ALL_REFUSED);
  });
});

describe('per-account limits inside the auth service and login timing', () => {
  const password = 'Sicher123!';

  const direct = (p: string, body: unknown) => call(stack.serviceBase.auth, 'POST', p, '', body);

  it('login: attempts from one address through the gateway and straight at the auth port count together; the owner elsewhere gets in', async () => {
    const email = uniqueEmail('rate');
    await signUp(stack.base, { name: 'Clara Wieck', email, role: 'teacher' }); // 1 login
    const viaGateway = new Client(stack.base);
    for (let i = 0; i < 4; i++) expect((await viaGateway.post('/api/auth/login', { email, password: `falsch${i}abc` })).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await direct('/api/auth/login', { email, password: `anders${i}abc` })).status).toBe(401);
    // 10 counted from this address: the next one is refused by the auth service itself, right password or not.
    const blocked = await direct('/api/auth/login', { email: email.toUpperCase(), password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: 'Zu viele Anmeldeversuche. Bitte warte einen Moment und versuche es erneut.', wait_time: expect.any(Number) });
    expect((blocked.body as { wait_time: number }).wait_time).toBeGreaterThan(0);
    // The owner at another address is not locked out (the gateway names the client to the auth service).
    const owner = await fetch(`${stack.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.base, 'X-Forwarded-For': '203.0.113.77' },
      body: JSON.stringify({ email, password }),
    });
    expect(owner.status).toBe(200);
  });

  it('forgot-password: 3 per address and hour straight at the auth port, then 429 and no fourth mail', async () => {
    const email = uniqueEmail('vergessen');
    await signUp(stack.base, { name: 'Fanny Hensel', email, role: 'student' });
    for (let i = 0; i < 3; i++) expect((await direct('/api/auth/forgot-password', { email })).status).toBe(200);
    const blocked = await direct('/api/auth/forgot-password', { email });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: 'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuche es später erneut.',
      wait_time: expect.any(Number),
    });
    await waitForMail(stack.base, email, /Passwort/);
    await new Promise((r) => setTimeout(r, 500));
    const resets = ((await (await fetch(`${stack.base}/dev/mail.json`)).json()) as { to: string; subject: string }[]).filter(
      (m) => m.to.includes(email) && /Passwort/.test(m.subject),
    );
    expect(resets).toHaveLength(3);
  });

  it('resend-confirmation: 5 per account straight at the auth port, then 429', async () => {
    const email = uniqueEmail('resend');
    const reg = await new Client(stack.base).post('/api/auth/register', {
      email,
      password,
      name: 'Clara Wieck',
      role_id: 2,
      institution_id: null,
      duration: null,
      registerShortcut: null,
      memberId: null,
    });
    expect(reg.status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await direct('/api/auth/resend-confirmation', { email, password: `falsch${i}abc` })).status).toBe(401);
    expect((await direct('/api/auth/resend-confirmation', { email, password })).status).toBe(429);
  });

  it('answers an unknown address about as slowly as a wrong password (medians of 10 within 3x)', async () => {
    const accounts = [uniqueEmail('zeit1'), uniqueEmail('zeit2')];
    for (const email of accounts) await signUp(stack.base, { name: 'Clara Wieck', email, role: 'teacher' });
    const time = async (email: string) => {
      const t = performance.now();
      const res = await direct('/api/auth/login', { email, password: 'falsch123abc' });
      return { ms: performance.now() - t, status: res.status };
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await time(uniqueEmail(`niemand${i}`));
      expect(u.status).toBe(401);
      unknown.push(u.ms);
      const w = await time(accounts[i % 2]!);
      expect(w.status).toBe(401);
      wrong.push(w.ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[5]!;
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
    expect(median(wrong)).toBeGreaterThan(median(unknown) / 3);
  });
});

describe('a password reset ends what the old holder of the account kept', () => {
  it('the calendar subscription link answers 404 right after the reset answer; another student keeps theirs', async () => {
    const feed = async (url: string) => (await fetch(`${stack.base}${new URL(url).pathname}`)).status;
    const email = uniqueEmail('kalender');
    const student = await signUp(stack.base, { name: 'Clara Wieck', email, role: 'student' });
    const other = await signUp(stack.base, { name: 'Emilie Mayer', email: uniqueEmail('kalender.bleibt'), role: 'student' });
    const link = await student.post<{ url: string }>('/api/me/calendar-subscription');
    const otherLink = await other.post<{ url: string }>('/api/me/calendar-subscription');
    expect(await feed(link.body.url)).toBe(200);

    expect((await new Client(stack.base).post('/api/auth/forgot-password', { email })).status).toBe(200);
    const token = new URL(linkFrom(await waitForMail(stack.base, email, /Passwort/), '/update-password').replace('#', '?')).searchParams.get('token');
    expect((await new Client(stack.base).post('/api/auth/update-password', { token, password: 'Neu12345geheim' })).status).toBe(200);

    // Dead the moment the reset is answered, not once user.password-reset.v1 has arrived (docs/adr/0017).
    expect(await feed(link.body.url)).toBe(404);
    expect(await feed(otherLink.body.url)).toBe(200);
  });
});
