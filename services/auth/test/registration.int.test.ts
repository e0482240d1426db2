import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { closedPort, dropSchemas, outboxEvents, outboxMails, sql, startAuth, startClassesStub, type StubClasses, type TestAuth } from './helpers.js';

/** POST /api/auth/register: every docs/product/accounts.md rule, enforced by the service itself. */

let auth: TestAuth;
let stub: StubClasses;
let hmtm: { id: string; name: string; students_mail: string; teachers_mail: string };
const schemas: string[] = [];

const CLASS_ID = '6f1f7c5e-3a7b-4c1e-9d2a-1b2c3d4e5f60';
const MEMBER_ID = '0b8f2f2e-6a5d-4f3c-8b1a-9e8d7c6b5a40';
const LINKED_MEMBER_ID = '1c9f3f3e-7b6d-4e4c-9c2b-0f9e8d7c6b51';

beforeAll(async () => {
  stub = await startClassesStub();
  stub.classes.set('blau-hund-tanz', {
    classId: CLASS_ID,
    name: 'Klavier Hauptfach',
    description: 'Montags',
    isGroup: false,
    registerShortcut: 'blau-hund-tanz',
    teacherId: '5a5a5a5a-1111-4222-8333-444455556666',
    teacherName: 'Prof. Clara Schumann',
    institutionName: 'Hochschule für Musik und Theater München',
    deadline: '',
    allowLateChanges: false,
    teacherEmail: '',
  });
  stub.members.set(MEMBER_ID, {
    memberId: MEMBER_ID,
    classId: CLASS_ID,
    userId: '',
    studentId: '',
    name: 'Max Muster',
    email: 'max@example.org',
    duration: 45,
    frequency: 'weekly',
  });
  stub.members.set(LINKED_MEMBER_ID, {
    memberId: LINKED_MEMBER_ID,
    classId: CLASS_ID,
    userId: '9d9d9d9d-1111-4222-8333-444455556666',
    studentId: '',
    name: 'Vergeben Person',
    email: '',
    duration: 30,
    frequency: 'weekly',
  });
  auth = await startAuth({ CLASSES_SERVICE_ADDR: stub.addr });
  schemas.push(auth.schema);
  const list = await auth.call<(typeof hmtm)[]>('GET', '/api/institutions');
  hmtm = list.body.find((i) => i.name === 'Hochschule für Musik und Theater München')!;
});

afterAll(async () => {
  await auth?.svc.stop();
  await stub?.close();
  await dropSchemas(schemas);
});

let counter = 0;
const uniq = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}`;

function body(overrides: Record<string, unknown> = {}) {
  return {
    email: `${uniq()}@example.org`,
    password: 'geheim123',
    name: 'Erika Mustermann',
    registerShortcut: null,
    role_id: 2,
    institution_id: null,
    duration: null,
    memberId: null,
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  return auth.call<{ message?: string; detail?: string }>('POST', '/api/auth/register', { body: body(overrides) });
}

async function userRow(email: string) {
  const rows = await sql<{
    id: string;
    email: string;
    name: string;
    password_hash: string;
    role_id: number;
    institution_id: string | null;
    duration: number | null;
    email_confirmed_at: Date | null;
  }>(`SELECT * FROM "${auth.schema}".users WHERE email = $1`, [email]);
  return rows[0];
}

async function userCount(email: string): Promise<number> {
  return (await sql(`SELECT 1 FROM "${auth.schema}".users WHERE email = $1`, [email])).length;
}

describe('successful registration', () => {
  it('creates an unconfirmed teacher, its hashed token, user.registered.v1 and the confirmation mail together', async () => {
    const email = `${uniq('lehrer')}@hmtm.de`;
    const res = await register({ email, role_id: 2, institution_id: hmtm.id, name: 'Clara  Wieck ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: MSG.registered });

    const user = (await userRow(email))!;
    expect(user).toMatchObject({ email, name: 'Clara Wieck', role_id: 2, institution_id: hmtm.id, duration: null, email_confirmed_at: null });
    expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(user.password_hash).not.toContain('geheim123');

    const [mail] = await outboxMails(auth.schema, email);
    expect(mail!.subject).toBe('Bitte bestätige deine E-Mail-Adresse – Stundenplan-Assistent');
    expect(mail!.text).toContain('Hallo Clara Wieck,');
    const token = /http:\/\/localhost:8080\/confirm-email\?token=([\w-]{43})/.exec(mail!.text)![1]!;
    expect(mail!.html).toContain(`http://localhost:8080/confirm-email?token=${token}`);
    const tokens = await sql<{ purpose: string; token_hash: string; expires_at: Date; used_at: Date | null }>(
      `SELECT purpose, token_hash, expires_at, used_at FROM "${auth.schema}".email_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('confirm');
    expect(tokens[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(tokens[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const events = (await outboxEvents(auth.schema, 'user.registered.v1')).filter((e) => e.key === user.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      user_id: user.id,
      name: 'Clara Wieck',
      email,
      role_id: 2,
      duration: null,
      institution_id: hmtm.id,
      institution_name: hmtm.name,
      register_shortcut: null,
      member_id: null,
      class_id: null,
    });
  });

  it('stores a student with institution, role and duration; e-mail lower-cased and trimmed', async () => {
    const local = uniq('Studi');
    const res = await register({
      email: `  ${local.toUpperCase()}@STUD.HMTM.DE `,
      role_id: 1,
      institution_id: hmtm.id,
      duration: 45,
      name: 'Jürgen Öß-Müller',
    });
    expect(res.status).toBe(201);
    const user = await userRow(`${local.toLowerCase()}@stud.hmtm.de`);
    expect(user).toMatchObject({ role_id: 1, duration: 45, name: 'Jürgen Öß-Müller' });
  });

  it('derives the role from the institution domain when no role is chosen', async () => {
    const student = `${uniq()}@stud.hmtm.de`;
    expect((await register({ email: student, role_id: null, institution_id: hmtm.id, duration: 60 })).status).toBe(201);
    expect((await userRow(student))!.role_id).toBe(1);
    const teacher = `${uniq()}@hmtm.de`;
    expect((await register({ email: teacher, role_id: null, institution_id: hmtm.id })).status).toBe(201);
    expect((await userRow(teacher))!.role_id).toBe(2);
  });

  it('gives students the default duration of 30 when none is sent, and ignores a teacher duration', async () => {
    const s = `${uniq()}@example.org`;
    expect((await register({ email: s, role_id: 1, duration: null })).status).toBe(201);
    expect((await userRow(s))!.duration).toBe(30);
    const t = `${uniq()}@example.org`;
    expect((await register({ email: t, role_id: 2, duration: 999 })).status).toBe(201);
    expect((await userRow(t))!.duration).toBeNull();
    const n = `${uniq()}@example.org`;
    expect((await register({ email: n, role_id: '1', duration: '120' })).status).toBe(201);
    expect(await userRow(n)).toMatchObject({ role_id: 1, duration: 120 });
  });

  it('accepts names with umlauts, ß, hyphen, apostrophes and 50 characters', async () => {
    for (const name of ["D'Angelo O’Neil", 'Åsa SStraße-Ünal', `${'A'.repeat(24)} ${'B'.repeat(25)}`]) {
      const email = `${uniq()}@example.org`;
      const res = await register({ email, name });
      expect(res.status, name).toBe(201);
      expect((await userRow(email))!.name).toBe(name);
    }
  });

  it('refuses names made only of invisible or direction-control characters with the SPEC name message', async () => {
    const names = [
      '\u3164\u3164 \u3164\u3164', // Hangul fillers: letters to Unicode, nothing on screen
      '\u115F\u1160 \u115F\u1160',
      '\u200B\u200B \u200B\u200B',
      '\u202E\u202E \u2066\u2069',
      '\u200E\u200F \u061C\u061C',
      'Anna \u3164\u3164', // only one visible word
    ];
    for (const name of names) {
      const email = `${uniq()}@example.org`;
      const res = await register({ email, name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toEqual({ detail: 'Bitte gib einen gültigen Namen ein.' });
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it('stores SQL and HTML in the password and e-mail verbatim (plain text, parameterised SQL)', async () => {
    const email = `o'reilly+${uniq()}@example.org`;
    const password = `'; DROP TABLE users;-- <script>alert(1)</script> 1`;
    const res = await register({ email, password });
    expect(res.status).toBe(201);
    expect((await userRow(email))!.email).toBe(email);
    await sql(`UPDATE "${auth.schema}".users SET email_confirmed_at = now() WHERE email = $1`, [email]);
    const login = await auth.call('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    expect((await sql(`SELECT count(*)::int AS n FROM "${auth.schema}".users`))[0]!.n).toBeGreaterThan(0);
  });

  it('accepts a well-formed memberId without a registration code and ignores it', async () => {
    const email = `${uniq()}@example.org`;
    expect((await register({ email, memberId: 'c3a1b7f0-1d2e-4f3a-9b4c-5d6e7f8a9b0c' })).status).toBe(201);
    const user = (await userRow(email))!;
    const ev = (await outboxEvents<{ member_id: string | null }>(auth.schema, 'user.registered.v1')).find((e) => e.key === user.id)!;
    expect(ev.payload.member_id).toBeNull();
  });
});

describe('refusals (docs/product/accounts.md Registration)', () => {
  it.each([
    ['too short', 'kurz12'],
    ['letters only', 'nurbuchstaben'],
    ['digits only', '1234567890'],
    ['101 characters', `a1${'x'.repeat(99)}`],
    ['empty', ''],
    ['not a string', 12345678],
  ])('weak password (%s)', async (_label, password) => {
    const email = `${uniq()}@example.org`;
    const res = await register({ email, password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.password });
    expect(await userCount(email)).toBe(0);
  });

  it('accepts a password of exactly 8 and of exactly 100 characters', async () => {
    expect((await register({ password: 'abcdefg1' })).status).toBe(201);
    expect((await register({ password: `a1${'z'.repeat(98)}` })).status).toBe(201);
  });

  it.each([
    ['one word', 'Erika'],
    ['digits', 'Erika Muster1'],
    ['51 characters', `${'A'.repeat(25)} ${'B'.repeat(25)}`],
    ['one character', 'E'],
    ['HTML', '<b>Erika</b> Muster'],
    ['SQL', "Robert'); DROP TABLE users;--"],
    ['blank', '   '],
    ['missing', undefined],
    ['a hyphen as second word', 'Erika -'],
  ])('invalid name (%s)', async (_label, name) => {
    const res = await register({ name });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.name });
  });

  it.each([
    ['no @', 'keine-mail.de'],
    ['no top-level domain', 'erika@localhost'],
    ['spaces inside', 'erika muster@example.org'],
    ['101 characters', `${'e'.repeat(89)}@example.org`],
    ['missing', undefined],
  ])('invalid e-mail (%s)', async (_label, email) => {
    const res = await register({ email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.email });
  });

  it('refuses an address outside the chosen institution’s domain for the role', async () => {
    for (const [email, role_id] of [
      [`${uniq()}@gmail.com`, 2],
      [`${uniq()}@hmtm.de`, 1],
      [`${uniq()}@stud.hmtm.de`, 2],
      [`${uniq()}@evil-hmtm.de`, 2],
      [`${uniq()}@gmail.com`, null],
    ] as const) {
      const res = await register({ email, role_id, institution_id: hmtm.id, duration: 30 });
      expect(res.status, email).toBe(400);
      expect(res.body).toEqual({ detail: MSG.email });
      expect(await userCount(email)).toBe(0);
    }
  });

  it.each([
    ['missing', null],
    ['3', 3],
    ['0', 0],
    ['"admin"', 'admin'],
    ['1.5', 1.5],
  ])('unknown role (%s)', async (_label, role_id) => {
    const res = await register({ role_id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.role });
  });

  it.each([0, 10, 14, 125, 135, 7.5, -15, 'abc', 240])('student duration %s outside the allowed list', async (duration) => {
    const email = `${uniq()}@example.org`;
    const res = await register({ email, role_id: 1, duration });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.duration });
    expect(await userCount(email)).toBe(0);
  });

  it.each([
    ['not a UUID', 'abc'],
    ['UUID version 1', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
    ['wrong variant', 'c3a1b7f0-1d2e-4f3a-cb4c-5d6e7f8a9b0c'],
    ['SQL', "' OR 1=1 --"],
    ['a number', 42],
  ])('memberId that is no version-4 UUID (%s)', async (_label, memberId) => {
    const res = await register({ memberId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.memberIdFormat });
  });

  it('refuses an unknown institution', async () => {
    for (const institution_id of ['7d7d7d7d-1111-4222-8333-444455556666', 'keine-uuid']) {
      const res = await register({ institution_id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.unknownInstitution });
    }
  });

  it('answers 409 for an existing e-mail (any case) and creates no second account', async () => {
    const email = `${uniq()}@example.org`;
    expect((await register({ email })).status).toBe(201);
    for (const again of [email, ` ${email.toUpperCase()} `]) {
      const res = await register({ email: again, name: 'Zweiter Versuch', password: 'anders123' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: MSG.emailTaken });
    }
    expect(await userCount(email)).toBe(1);
    expect(await outboxMails(auth.schema, email)).toHaveLength(1);
  });

  it('refuses concurrent registrations of one address except one', async () => {
    const email = `${uniq()}@example.org`;
    const results = await Promise.all([1, 2, 3].map(() => register({ email })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await userCount(email)).toBe(1);
  });

  it('answers 400 for a body that is not JSON and for a JSON array', async () => {
    const bad = await auth.call('POST', '/api/auth/register', { raw: '{"email": ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'Ungültiger JSON-Inhalt' });
    const arr = await auth.call('POST', '/api/auth/register', { body: [1, 2] });
    expect(arr.status).toBe(400);
    expect(arr.body).toEqual({ detail: MSG.name });
  });

  it('answers 413 for an oversized body', async () => {
    const res = await auth.call('POST', '/api/auth/register', { body: body({ name: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(res.body).toHaveProperty('detail');
  });
});

describe('registration with a registration code (classes gRPC)', () => {
  it('registers a student of the class; the code wins over a teacher role; user.registered.v1 carries the class', async () => {
    const email = `${uniq()}@example.org`;
    const before = stub.calls.length;
    const res = await register({ email, role_id: 2, registerShortcut: ' Blau-Hund-Tanz ', duration: 60 });
    expect(res.status).toBe(201);
    expect(stub.calls.slice(before)).toEqual([{ method: 'GetClassByShortcut', request: { registerShortcut: 'blau-hund-tanz' } }]);
    const user = (await userRow(email))!;
    expect(user).toMatchObject({ role_id: 1, duration: 60, institution_id: null });
    const ev = (await outboxEvents(auth.schema, 'user.registered.v1')).find((e) => e.key === user.id)!;
    expect(ev.payload).toMatchObject({
      role_id: 1,
      duration: 60,
      register_shortcut: 'blau-hund-tanz',
      class_id: CLASS_ID,
      member_id: null,
      institution_id: null,
      institution_name: 'Hochschule für Musik und Theater München',
    });
    const [mail] = await outboxMails(auth.schema, email);
    expect(mail!.text).toContain('„Klavier Hauptfach“');
  });

  it('links an invited member (memberId of the class) and skips the domain rule of the class institution', async () => {
    const email = `${uniq()}@gmail.com`;
    const res = await register({ email, registerShortcut: 'blau-hund-tanz', memberId: MEMBER_ID, role_id: 1, institution_id: hmtm.id, duration: 45 });
    expect(res.status).toBe(201);
    const user = (await userRow(email))!;
    expect(user.institution_id).toBe(hmtm.id);
    const ev = (await outboxEvents(auth.schema, 'user.registered.v1')).find((e) => e.key === user.id)!;
    expect(ev.payload).toMatchObject({ member_id: MEMBER_ID, class_id: CLASS_ID, institution_id: hmtm.id, institution_name: hmtm.name });
  });

  it('refuses an unknown code and a malformed one with the SPEC text, creating nothing', async () => {
    for (const registerShortcut of ['rot-katze-lauf', 'abc', 'zu-viele-teile-hier', '123-456-789']) {
      const email = `${uniq()}@example.org`;
      const res = await register({ email, registerShortcut, role_id: 1, duration: 30 });
      expect(res.status, registerShortcut).toBe(400);
      expect(res.body).toEqual({ detail: MSG.invalidShortcut });
      expect(await userCount(email)).toBe(0);
    }
  });

  it('refuses a memberId that is not in the class or already belongs to an account', async () => {
    for (const memberId of ['c3a1b7f0-1d2e-4f3a-9b4c-5d6e7f8a9b0c', LINKED_MEMBER_ID]) {
      const email = `${uniq()}@example.org`;
      const res = await register({ email, registerShortcut: 'blau-hund-tanz', memberId, duration: 30 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.invalidMemberId });
      expect(await userCount(email)).toBe(0);
    }
  });

  it('answers 502 with the SPEC text when the classes service is down', async () => {
    const down = await startAuth({ CLASSES_SERVICE_ADDR: `127.0.0.1:${await closedPort()}` });
    schemas.push(down.schema);
    try {
      const email = `${uniq()}@example.org`;
      const res = await down.call('POST', '/api/auth/register', { body: body({ email, registerShortcut: 'blau-hund-tanz', duration: 30 }) });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ detail: MSG.shortcutCheckFailed });
      expect((await sql(`SELECT 1 FROM "${down.schema}".users WHERE email = $1`, [email])).length).toBe(0);
    } finally {
      await down.svc.stop();
    }
  });
});
