import { randomUUID } from 'node:crypto';
import { rawRequest } from '@stundenplan/base/testing';
import { describe, expect, it } from 'vitest';
import { addMembers, createClass, type Json } from './helpers.js';
import { h, teacher, otherTeacher, student, DURATION_MSG, useMembersHarness } from './members-fixture.js';

useMembersHarness();

describe('POST /api/classes/{classId}/members/new', () => {
  it('adds unregistered members (default duration 30, e-mail lower-cased) and publishes member.added.v1', async () => {
    const c = await createClass(h, teacher);
    const res = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, {
      students: [{ name: ' Anna Alt ', email: 'Anna.Alt@Example.org', duration: 45 }, { name: 'Bo', email: '', duration: '60' }, { name: 'Cem Cetin' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('3 Studierende erfolgreich hinzugefügt');
    expect(res.body.members.map((m: Json) => [m.name, m.email, m.duration, m.user_id, m.student_id])).toEqual([
      ['Anna Alt', 'anna.alt@example.org', 45, null, null],
      ['Bo', null, 60, null, null],
      ['Cem Cetin', null, 30, null, null],
    ]);
    const events = (await h.outbox('member.added.v1')).filter((e) => e.class_id === c.class_id);
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ class_id: c.class_id, member_id: res.body.members[0].member_id, user_id: null, name: 'Anna Alt' });
  });

  it.each([
    [{ name: 'A' }, 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein'],
    [{ name: 'x'.repeat(51) }, 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein'],
    [{ name: '' }, 'Bitte geben Sie einen Namen ein'],
    [{ name: 'Ida Iller', email: 'ida@@example.org' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    [{ name: 'Ida Iller', email: 'ida@uni@example.org' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    [{ name: 'Ida Iller', email: 'a@b' }, 'E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein'],
    [{ name: 'Ida Iller', duration: 0 }, DURATION_MSG],
    [{ name: 'Ida Iller', duration: 10 }, DURATION_MSG],
    [{ name: 'Ida Iller', duration: 135 }, DURATION_MSG],
    [{ name: 'Ida Iller', duration: 'abc' }, DURATION_MSG],
  ])('refuses %j', async (student, detail) => {
    const c = await createClass(h, otherTeacher);
    const res = await h.call('POST', `/api/classes/${c.class_id}/members/new`, otherTeacher, {
      students: [{ name: 'Gute Zeile', email: 'gut@example.org' }, student],
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect(await h.sql('SELECT 1 FROM members WHERE class_id = $1', [c.class_id])).toHaveLength(0);
    await h.call('DELETE', `/api/classes/${c.class_id}`, otherTeacher);
  });

  it('accepts names of 2 and 50 characters', async () => {
    const c = await createClass(h, teacher);
    const members = await addMembers(h, teacher, c.class_id, [{ name: 'Al' }, { name: 'z'.repeat(50) }]);
    expect(members).toHaveLength(2);
  });

  it('refuses duplicate e-mails in one import and e-mails already in the class', async () => {
    const c = await createClass(h, teacher);
    const dup = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, {
      students: [
        { name: 'Eva Eins', email: 'eva@example.org' },
        { name: 'Eva Zwei', email: 'EVA@example.org ' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.detail).toBe('Die E-Mail-Adresse eva@example.org kommt in der Liste mehrfach vor');
    await addMembers(h, teacher, c.class_id, [{ name: 'Eva Eins', email: 'eva@example.org' }]);
    const again = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, { students: [{ name: 'Eva Drei', email: 'Eva@Example.org' }] });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Die E-Mail-Adresse eva@example.org ist in dieser Klasse/diesem Kurs bereits vorhanden');
  });

  it('refuses an empty or missing list', async () => {
    const c = await createClass(h, teacher);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, { students: [] })).status).toBe(400);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, {})).status).toBe(400);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, { students: ['x'] })).status).toBe(400);
  });

  it('refuses the 100th member with the detail mentioning 99', async () => {
    const c = await createClass(h, teacher);
    await addMembers(
      h,
      teacher,
      c.class_id,
      Array.from({ length: 98 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.org` })),
    );
    const over = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, { students: [{ name: 'Nr 99' }, { name: 'Nr 100' }] });
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe('Maximal 99 Studierenden pro Klasse/Kurs');
    await addMembers(h, teacher, c.class_id, [{ name: 'Nr 99' }]);
    const hundredth = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, { students: [{ name: 'Nr 100' }] });
    expect(hundredth.status).toBe(400);
    expect(hundredth.body.detail).toBe('Maximal 99 Studierenden pro Klasse/Kurs');
    const tooMany = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, {
      students: Array.from({ length: 100 }, (_, i) => ({ name: `X ${i}` })),
    });
    expect(tooMany.body.detail).toBe('Maximal 99 Studierenden pro Klasse/Kurs');
    expect((await h.call('GET', '/api/me/classes', teacher)).body.classes.find((x: Json) => x.class_id === c.class_id).member_count).toBe(99);
  });

  it("refuses another teacher's class like an unknown class (404) and students (403)", async () => {
    const c = await createClass(h, teacher);
    const body = { students: [{ name: 'Eindringling' }] };
    expect(await h.call('POST', `/api/classes/${c.class_id}/members/new`, otherTeacher, body)).toEqual({
      status: 404,
      body: { detail: 'Klasse/Kurs nicht gefunden' },
    });
    expect((await h.call('POST', `/api/classes/${randomUUID()}/members/new`, teacher, body)).status).toBe(404);
    const s = await h.call('POST', `/api/classes/${c.class_id}/members/new`, student, body);
    expect(s.status).toBe(403);
    expect(s.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
    expect(await h.sql('SELECT 1 FROM members WHERE class_id = $1', [c.class_id])).toHaveLength(0);
  });
});

describe('GET /api/classes/{classId}/members', () => {
  it('answers the members with times from the availability service', async () => {
    const c = await createClass(h, teacher);
    const [m1, m2] = await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt', email: 'anna@example.org', duration: 45 }, { name: 'Ben Bart' }]);
    h.availability!.memberTimes.set(m1!.member_id, { '0': ['9.00', '9.15'] });
    const res = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
    expect(res.status).toBe(200);
    expect(res.body.members).toHaveLength(2);
    expect(res.body.members[0]).toMatchObject({
      member_id: m1!.member_id,
      class_id: c.class_id,
      user_id: null,
      student_id: null,
      name: 'Anna Alt',
      email: 'anna@example.org',
      duration: 45,
      available_times: { '0': ['9.00', '9.15'] },
      available_times_user_input: {},
      available_times_user_input_last_modified: null,
    });
    expect(res.body.members[1]).toMatchObject({ member_id: m2!.member_id, available_times: {} });
    const call = h.availability!.calls.filter((x) => x.method === 'getPlanningData').at(-1)!.req as Json;
    expect(call.classId).toBe(c.class_id);
    expect(call.members.map((m: Json) => m.memberId).sort()).toEqual([m1!.member_id, m2!.member_id].sort());
  });

  it('a student added from the search: name and e-mail only until they verify the course, then their own times and last change', async () => {
    const s = await h.student({ name: 'Vera Verify', email: 'vera.verify@stud.example.org' });
    h.availability!.userTimes.set(s.userId, { '3': ['16.00', '16.15'] });
    h.availability!.userModified.set(s.userId, '2025-01-02T10:00:00.000Z');
    const c = await createClass(h, teacher);
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    expect(added.status).toBe(201);
    const memberId = added.body.members[0].member_id as string;
    const unverified = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
    expect(unverified.body.members[0]).toMatchObject({
      user_id: s.userId,
      student_id: null,
      name: 'Vera Verify',
      email: 'vera.verify@stud.example.org',
      available_times: {},
      available_times_user_input: {},
      available_times_user_input_last_modified: null,
      preferred_times_user_input: {},
    });
    expect((h.availability!.calls.filter((x) => x.method === 'getPlanningData').at(-1)!.req as Json).members.map((m: Json) => m.userId)).toEqual(['']);
    const checked = await h.call('POST', '/api/check-student-exists', teacher, ['vera.verify@stud.example.org']);
    expect(checked.body.existing_students['vera.verify@stud.example.org']).toEqual({ user_id: s.userId, name: 'Vera Verify', available_times: {} });

    // The student learns who added them to which course, and where to verify or leave it.
    const [notice] = (await h.outbox('mail.requested.v1')).filter((m) => m.to === 'vera.verify@stud.example.org');
    expect(notice).toMatchObject({ subject: 'Du wurdest zum Kurs „Klavier Hauptfach“ hinzugefügt' });
    expect(notice!.text).toBe(
      [
        'Hallo Vera Verify,',
        '',
        'Clara Schumann hat dich im Stundenplan-Assistenten zum Kurs „Klavier Hauptfach“ hinzugefügt.',
        '',
        'Solange du den Kurs nicht verifizierst, sieht Clara Schumann nur deinen Namen und deine E-Mail-Adresse, nicht deine Zeiten.',
        '',
        'Unter „Meine Kurse“ kannst du den Kurs verifizieren („Kurs verifizieren“) oder dich wieder entfernen („Aus Kurs entfernen“):',
        'https://stundenplan.example.org/student/classes',
        '',
        'Viele Grüße',
        'Dein Stundenplan-Assistent',
      ].join('\n'),
    );

    expect((await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: memberId })).status).toBe(200);
    const verified = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
    expect(verified.body.members[0]).toMatchObject({
      user_id: s.userId,
      student_id: s.userId,
      available_times_user_input: { '3': ['16.00', '16.15'] },
      available_times_user_input_last_modified: '2025-01-02T10:00:00.000Z',
    });
    expect((h.availability!.calls.filter((x) => x.method === 'getPlanningData').at(-1)!.req as Json).members.map((m: Json) => m.userId)).toEqual([s.userId]);
    const again = await h.call('POST', '/api/check-student-exists', teacher, ['vera.verify@stud.example.org']);
    expect(again.body.existing_students['vera.verify@stud.example.org'].available_times).toEqual({ '3': ['16.00', '16.15'] });
  });

  it('still loads when the availability service fails (empty times)', async () => {
    const c = await createClass(h, teacher);
    await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt' }]);
    h.availability!.fail = true;
    try {
      const res = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
      expect(res.status).toBe(200);
      expect(res.body.members[0]).toMatchObject({
        name: 'Anna Alt',
        available_times: {},
        available_times_user_input: {},
        available_times_user_input_last_modified: null,
      });
    } finally {
      h.availability!.fail = false;
    }
  });

  it("refuses another teacher's class without data, students, unknown ids", async () => {
    const c = await createClass(h, teacher);
    await addMembers(h, teacher, c.class_id, [{ name: 'Geheim Name', email: 'geheim@example.org' }]);
    const res = await h.call('GET', `/api/classes/${c.class_id}/members`, otherTeacher);
    expect(res).toEqual({ status: 404, body: { detail: 'Klasse/Kurs nicht gefunden' } });
    expect(JSON.stringify(res.body)).not.toContain('geheim');
    expect((await h.call('GET', `/api/classes/${c.class_id}/members`, student)).status).toBe(403);
    expect((await h.call('GET', `/api/classes/${randomUUID()}/members`, teacher)).status).toBe(404);
    expect((await h.call('GET', '/api/classes/abc/members', teacher)).status).toBe(404);
  });
});

describe('DELETE /api/classes/{classId}/members/{memberId}', () => {
  it('removes the member and publishes member.removed.v1', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Geht Jetzt' }]);
    const res = await h.call('DELETE', `/api/classes/${c.class_id}/members/${m!.member_id}`, teacher);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Studierender erfolgreich aus der Klasse entfernt');
    expect(await h.outbox('member.removed.v1')).toContainEqual({ class_id: c.class_id, member_id: m!.member_id, user_id: null });
    expect((await h.call('DELETE', `/api/classes/${c.class_id}/members/${m!.member_id}`, teacher)).status).toBe(404);
  });

  it('refuses a member of class A via class B, other teachers and students', async () => {
    const a = await createClass(h, teacher, 'A');
    const b = await createClass(h, teacher, 'B');
    const [m] = await addMembers(h, teacher, a.class_id, [{ name: 'Bleibt Hier' }]);
    expect((await h.call('DELETE', `/api/classes/${b.class_id}/members/${m!.member_id}`, teacher)).status).toBe(404);
    expect((await h.call('DELETE', `/api/classes/${a.class_id}/members/${m!.member_id}`, otherTeacher)).status).toBe(404);
    expect((await h.call('DELETE', `/api/classes/${a.class_id}/members/${m!.member_id}`, student)).status).toBe(403);
    expect((await h.call('DELETE', `/api/classes/${a.class_id}/members/nope`, teacher)).status).toBe(404);
    expect(await h.sql('SELECT 1 FROM members WHERE member_id = $1', [m!.member_id])).toHaveLength(1);
  });

  it('takes only an id in the member slot: a dot segment, sent raw, deletes neither member nor class', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Bleibt Auch' }]);
    for (const seg of ['..', '%2e%2e', '%2E%2E', '.', '%2e', `${m!.member_id}/..`]) {
      const res = await rawRequest(h.base, { method: 'DELETE', path: `/api/classes/${c.class_id}/members/${seg}`, headers: { cookie: teacher.cookie } });
      expect(res.status, seg).toBe(404);
    }
    expect(await h.sql('SELECT 1 FROM classes WHERE class_id = $1', [c.class_id])).toHaveLength(1);
    expect(await h.sql('SELECT 1 FROM members WHERE member_id = $1', [m!.member_id])).toHaveLength(1);
  });
});
