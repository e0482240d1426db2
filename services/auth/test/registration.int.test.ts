import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { closedPort, outboxEvents, outboxMails, sql, startAuth } from './helpers.js';
import {
  auth,
  stub,
  hmtm,
  schemas,
  CLASS_ID,
  MEMBER_ID,
  LINKED_MEMBER_ID,
  uniq,
  body,
  register,
  userRow,
  userCount,
  useRegistration,
} from './registration-fixture.js';

/** POST /api/auth/register: every docs/product/accounts.md rule, enforced by the service itself. */

useRegistration();

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
