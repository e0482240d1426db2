import { describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/messages.js';
import { outboxMails } from './helpers.js';
import { auth, hmtm, uniq, body, register, userCount, useRegistration } from './registration-fixture.js';

/** POST /api/auth/register: every docs/product/accounts.md rule, enforced by the service itself. */

useRegistration();

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
