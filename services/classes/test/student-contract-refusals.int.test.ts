import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMembers, createClass } from './helpers.js';
import { h, membersOf, teacher, useStudentsHarness } from './students-fixture.js';

/** Verification and the public registration checks with requests their contract (packages/contracts) refuses. */

useStudentsHarness();

const CONTROL = 'Ungültige Zeichen in der Anfrage.';
const huge = 'x'.repeat(100_000);
/** Long, but within the 16 KB a request line may have. */
const long = 'x'.repeat(5000);

describe('POST /api/students/verify-class', () => {
  it('answers a missing or malformed id like an unknown membership (404), a body that is no object 400; verifies nothing', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher);
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    const memberId: string = added.body.members[0].member_id;
    const notFound = { status: 404, detail: 'Mitgliedschaft nicht gefunden' };
    const cases: [unknown, { status: number; detail: string }][] = [
      [[memberId], { status: 400, detail: 'Ungültige Anfrage' }],
      [{}, notFound],
      [{ member_id: memberId }, notFound],
      [{ class_id: c.class_id }, notFound],
      [{ class_id: c.class_id, member_id: 5 }, notFound],
      [{ class_id: [c.class_id], member_id: memberId }, notFound],
      [{ class_id: c.class_id, member_id: huge }, notFound],
      [
        { class_id: c.class_id, member_id: `${memberId}\u0003` },
        { status: 400, detail: CONTROL },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await h.call('POST', '/api/students/verify-class', s, body);
      expect({ status: res.status, detail: res.body?.detail }, JSON.stringify(body).slice(0, 200)).toEqual(expected);
    }
    expect((await membersOf(c.class_id))[0]).toMatchObject({ user_id: s.userId, student_id: null });
    expect((await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: memberId })).status).toBe(200);
  });
});

describe('registration checks with odd queries', () => {
  it('validate-member-id: member_id and class_id once each, else 404 "Ungültige memberId."', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Offen Noch', email: 'offen.query@example.org' }]);
    for (const q of [
      `class_id=${c.class_id}`,
      '',
      `member_id=${m!.member_id}&member_id=${m!.member_id}&class_id=${c.class_id}`,
      `member_id=${m!.member_id}&class_id=${c.class_id}&class_id=${c.class_id}`,
      // Only the names of docs/product/api.md.
      `memberId=${m!.member_id}&classId=${c.class_id}`,
      `member_id=${long}&class_id=${c.class_id}`,
    ]) {
      const res = await h.call('GET', `/api/auth/validate-member-id?${q}`, null);
      expect({ status: res.status, body: res.body }, q.slice(0, 200)).toEqual({ status: 404, body: { detail: 'Ungültige memberId.' } });
    }
    const control = await h.call('GET', `/api/auth/validate-member-id?member_id=${m!.member_id}%01&class_id=${c.class_id}`, null);
    expect(control).toEqual({ status: 400, body: { detail: CONTROL } });
    const ok = await h.call('GET', `/api/auth/validate-member-id?member_id=${m!.member_id}&class_id=${c.class_id}`, null);
    expect(ok.body).toMatchObject({ valid: true, name: 'Offen Noch' });
  });

  it('validate-register-shortcut: a memberId that is not one value only leaves the prefill out; member_id is taken too', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Paula Prefill', email: 'paula.query@example.org' }]);
    const base = `/api/auth/validate-register-shortcut/${c.register_shortcut}`;
    for (const q of [`memberId=${m!.member_id}&memberId=${m!.member_id}`, `memberId=${randomUUID()}`, `memberId=${long}`]) {
      const res = await h.call('GET', `${base}?${q}`, null);
      expect({ status: res.status, name: res.body.name, class_id: res.body.class_id }, q.slice(0, 200)).toEqual({
        status: 200,
        name: null,
        class_id: c.class_id,
      });
    }
    expect((await h.call('GET', `${base}?member_id=${m!.member_id}`, null)).body).toMatchObject({ name: 'Paula Prefill' });
    expect(await h.call('GET', `${base}?memberId=%02`, null)).toEqual({ status: 400, body: { detail: CONTROL } });
  });
});
