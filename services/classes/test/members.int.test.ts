import { randomUUID } from 'node:crypto';
import { rawRequest } from '@stundenplan/base/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness, type Json } from './helpers.js';

let h: Harness;
let teacher: Actor;
let otherTeacher: Actor;
let student: Actor;

beforeAll(async () => {
  h = await startHarness();
  otherTeacher = await h.teacher();
  student = await h.student();
});
// A fresh teacher per test keeps every test far from the 20-class limit.
beforeEach(async () => {
  teacher = await h.teacher({ name: 'Clara Schumann' });
});
afterAll(async () => h?.stop());

const DURATION_MSG = 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)';

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

describe('PUT /api/classes/{classId}/members/{memberId}/update', () => {
  it('updates name, e-mail and duration (sent as a string)', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt', email: 'anna@example.org' }]);
    const url = `/api/classes/${c.class_id}/members/${m!.member_id}/update`;
    expect((await h.call('PUT', url, teacher, { duration: '90' })).body).toMatchObject({ member_id: m!.member_id, duration: 90 });
    expect((await h.call('PUT', url, teacher, { name: ' Anna Neu ' })).body.name).toBe('Anna Neu');
    expect((await h.call('PUT', url, teacher, { email: 'Anna.Neu@Example.org' })).body.email).toBe('anna.neu@example.org');
    const multi = await h.call('PUT', url, teacher, { name: 'Anna Beide', duration: 15 });
    expect(multi.body).toMatchObject({ name: 'Anna Beide', duration: 15, email: 'anna.neu@example.org' });
  });

  it.each([
    [{ name: 'A' }, 'Name muss zwischen 2 und 50 Zeichen lang sein'],
    [{ name: 'n'.repeat(51) }, 'Name muss zwischen 2 und 50 Zeichen lang sein'],
    [{ name: '' }, 'Bitte geben Sie einen Namen ein'],
    [{ email: '' }, 'Bitte geben Sie eine E-Mail-Adresse ein'],
    [{ email: 'a@b@example.org' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    [{ duration: '0' }, DURATION_MSG],
    [{ duration: '10' }, DURATION_MSG],
    [{ duration: '135' }, DURATION_MSG],
    [{ duration: 'abc' }, DURATION_MSG],
    [{}, 'Keine Änderungen angegeben'],
    [{ available_times: { '7': ['9.00'] } }, 'Ungültiger Wochentag: "7"'],
    [{ available_times: { '0': ['9.10'] } }, 'Ungültige Zeitangabe: "9.10"'],
  ])('refuses %j and changes nothing', async (body, detail) => {
    const c = await createClass(h, otherTeacher);
    const [m] = await addMembers(h, otherTeacher, c.class_id, [{ name: 'Bleibt So', email: 'bleibt@example.org', duration: 30 }]);
    const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, otherTeacher, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    const [row] = await h.sql('SELECT name, email, duration FROM members WHERE member_id = $1', [m!.member_id]);
    expect(row).toEqual({ name: 'Bleibt So', email: 'bleibt@example.org', duration: 30 });
    await h.call('DELETE', `/api/classes/${c.class_id}`, otherTeacher);
  });

  it('refuses an e-mail another member of the class has', async () => {
    const c = await createClass(h, teacher);
    const [a] = await addMembers(h, teacher, c.class_id, [
      { name: 'Anna Alt', email: 'anna@example.org' },
      { name: 'Ben Bart', email: 'ben@example.org' },
    ]);
    const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${a!.member_id}/update`, teacher, { email: 'BEN@example.org' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('ben@example.org');
  });

  it('forwards teacher-entered times to the availability service', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt' }]);
    const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { available_times: { '1': ['10.15', '10.00'] } });
    expect(res.status).toBe(200);
    expect(res.body.available_times).toEqual({ '1': ['10.00', '10.15'] });
    expect(h.availability!.memberTimes.get(m!.member_id)).toEqual({ '1': ['10.00', '10.15'] });
  });

  it('answers 502 and changes nothing when the availability service is down', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt' }]);
    h.availability!.fail = true;
    try {
      const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, {
        name: 'Anna Neu',
        available_times: { '1': ['10.00'] },
      });
      expect(res.status).toBe(502);
      expect((await h.sql('SELECT name FROM members WHERE member_id = $1', [m!.member_id]))[0].name).toBe('Anna Alt');
    } finally {
      h.availability!.fail = false;
    }
  });

  it('links an unregistered member to the registered student with that e-mail (unverified), without their times', async () => {
    const s = await h.student({ name: 'Lina Link', email: 'lina.link@stud.example.org' });
    h.availability!.userTimes.set(s.userId, { '2': ['14.00', '14.15'] });
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Lina (Teacher)', email: 'lina.link@stud.example.org', duration: 60 }]);
    const check = await h.call('POST', '/api/check-student-exists', teacher, ['lina.link@stud.example.org']);
    const found = check.body.existing_students['lina.link@stud.example.org'];
    // No times before the link (DSGVO): the student's times reach the teacher only through the linked membership.
    expect(found).toEqual({ user_id: s.userId, name: 'Lina Link', available_times: {} });
    const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, {
      user_id: found.user_id,
      available_times: found.available_times,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: s.userId,
      student_id: null,
      name: 'Lina Link',
      email: 'lina.link@stud.example.org',
      duration: 60,
      available_times: {},
    });
    // Not verified in any of this teacher's courses: the account's times stay the student's.
    expect(h.availability!.memberTimes.get(m!.member_id) ?? {}).toEqual({});
    expect(await h.outbox('member.linked.v1')).toContainEqual({ class_id: c.class_id, member_id: m!.member_id, user_id: s.userId });
    // linked members keep their e-mail
    const mail = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { email: 'other@example.org' });
    expect(mail.status).toBe(400);
    expect(mail.body.detail).toBe('Die E-Mail-Adresse registrierter Studierender kann nicht geändert werden');
  });

  it('links without times in the body by fetching the own times of a student verified in another course of the teacher', async () => {
    const s = await h.student({ email: 'ohne.zeiten@stud.example.org' });
    h.availability!.userTimes.set(s.userId, { '4': ['8.00'] });
    const joined = await createClass(h, teacher, 'Beigetreten');
    expect((await h.call('POST', '/api/students/join-class', s, { register_shortcut: joined.register_shortcut, duration: 30 })).status).toBe(200);
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Ohne Zeiten', email: 'ohne.zeiten@stud.example.org' }]);
    const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { user_id: s.userId });
    expect(res.status).toBe(200);
    expect(h.availability!.memberTimes.get(m!.member_id)).toEqual({ '4': ['8.00'] });
  });

  it('refuses linking without a matching registered student', async () => {
    const s = await h.student();
    const t = await h.teacher();
    const c = await createClass(h, t);
    const [m] = await addMembers(h, t, c.class_id, [{ name: 'Falsche Mail', email: 'nicht.gleich@example.org' }]);
    const url = `/api/classes/${c.class_id}/members/${m!.member_id}/update`;
    for (const user_id of [s.userId, randomUUID(), t.userId, '']) {
      const res = await h.call('PUT', url, t, { user_id, available_times: {} });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Kein registrierter Student mit der E-Mail-Adresse dieses Mitglieds gefunden');
    }
    expect((await h.sql('SELECT user_id FROM members WHERE member_id = $1', [m!.member_id]))[0].user_id).toBeNull();
  });

  it('refuses a member of class A used with class B, another teacher, students', async () => {
    const a = await createClass(h, teacher, 'A');
    const b = await createClass(h, teacher, 'B');
    const [m] = await addMembers(h, teacher, a.class_id, [{ name: 'Nur In A' }]);
    const viaB = await h.call('PUT', `/api/classes/${b.class_id}/members/${m!.member_id}/update`, teacher, { name: 'Umbenannt' });
    expect(viaB.status).toBe(404);
    expect(viaB.body.detail).toBe('Studierende*r nicht gefunden');
    const foreign = await createClass(h, otherTeacher, 'Fremd');
    expect((await h.call('PUT', `/api/classes/${foreign.class_id}/members/${m!.member_id}/update`, otherTeacher, { name: 'Umbenannt' })).status).toBe(404);
    expect((await h.call('PUT', `/api/classes/${a.class_id}/members/${m!.member_id}/update`, otherTeacher, { name: 'Umbenannt' })).status).toBe(404);
    expect((await h.call('PUT', `/api/classes/${a.class_id}/members/${m!.member_id}/update`, student, { name: 'Umbenannt' })).status).toBe(403);
    expect((await h.call('PUT', `/api/classes/${a.class_id}/members/${randomUUID()}/update`, teacher, { name: 'Umbenannt' })).status).toBe(404);
    expect((await h.sql('SELECT name FROM members WHERE member_id = $1', [m!.member_id]))[0].name).toBe('Nur In A');
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

describe('POST /api/classes/{classId}/members (registered students)', () => {
  it('adds found students as linked, unverified memberships', async () => {
    const s1 = await h.student({ duration: 60 });
    const s2 = await h.student();
    const c = await createClass(h, teacher);
    const res = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, {
      students: [{ student_id: s1.userId }, { student_id: s2.userId, duration: 90 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('2 Studierende erfolgreich hinzugefügt');
    expect(res.body.members.map((m: Json) => [m.user_id, m.student_id, m.name, m.email, m.duration])).toEqual([
      [s1.userId, null, s1.name, s1.email, 60],
      [s2.userId, null, s2.name, s2.email, 90],
    ]);
    const again = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s1.userId }] });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Student*in ist bereits Mitglied dieser Klasse/dieses Kurses');
  });

  it('links an unregistered row with the same e-mail instead of adding a second row', async () => {
    const s = await h.student({ email: 'doppelt@stud.example.org' });
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Doppelt', email: 'doppelt@stud.example.org' }]);
    const res = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId, duration: 45 }] });
    expect(res.status).toBe(201);
    expect(res.body.members[0]).toMatchObject({ member_id: m!.member_id, user_id: s.userId, student_id: null, duration: 45 });
    expect(await h.sql('SELECT 1 FROM members WHERE class_id = $1', [c.class_id])).toHaveLength(1);
  });

  it('refuses unknown students, teachers as students, bad durations, other teachers, the 100th member', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: randomUUID() }] })).status).toBe(404);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: otherTeacher.userId }] })).status).toBe(404);
    const dur = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId, duration: 10 }] });
    expect(dur.body.detail).toBe(DURATION_MSG);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members`, otherTeacher, { students: [{ student_id: s.userId }] })).status).toBe(404);
    expect((await h.call('POST', `/api/classes/${c.class_id}/members`, student, { students: [{ student_id: s.userId }] })).status).toBe(403);
    await addMembers(
      h,
      teacher,
      c.class_id,
      Array.from({ length: 99 }, (_, i) => ({ name: `Voll ${i}` })),
    );
    const full = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    expect(full.status).toBe(400);
    expect(full.body.detail).toBe('Maximal 99 Studierenden pro Klasse/Kurs');
  });
});

describe('POST /api/classes/{classId}/invite-student', () => {
  it('queues a German invitation mail with the class name and the registration link', async () => {
    const c = await createClass(h, teacher, 'Klavier Hauptfach');
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Ina Invite', email: 'ina@example.org' }]);
    const res = await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, {
      member_id: m!.member_id,
      email: 'ina@example.org',
      name: 'Ina Invite',
      class_name: 'Gefälscht',
      register_shortcut: 'falsch-falsch-falsch',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Einladung an ina@example.org erfolgreich gesendet');
    const mails = (await h.outbox('mail.requested.v1')).filter((x) => x.to === 'ina@example.org');
    expect(mails).toHaveLength(1);
    const link = `https://stundenplan.example.org/register/${c.register_shortcut}&memberId=${m!.member_id}`;
    expect(mails[0].subject).toBe('Einladung zum Kurs „Klavier Hauptfach“');
    expect(mails[0].text).toContain(link);
    expect(mails[0].text).toContain('Hallo Ina Invite');
    expect(mails[0].text).toContain('Clara Schumann lädt dich zum Kurs „Klavier Hauptfach“');
    expect(mails[0].html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mails[0].text).not.toContain('Gefälscht');
  });

  it('uses the stored e-mail when the body has none; refuses when there is none at all', async () => {
    const c = await createClass(h, teacher);
    const [withMail, noMail] = await addMembers(h, teacher, c.class_id, [{ name: 'Mit Mail', email: 'mit@example.org' }, { name: 'Ohne Mail' }]);
    expect((await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, { member_id: withMail!.member_id })).body.message).toBe(
      'Einladung an mit@example.org erfolgreich gesendet',
    );
    const res = await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, { member_id: noMail!.member_id, email: '' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Bitte gib eine E-Mail-Adresse ein');
    const bad = await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, { member_id: noMail!.member_id, email: 'a@b@example.org' });
    expect(bad.status).toBe(400);
  });

  it('refuses registered members, members of other classes, other teachers and students', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher);
    const other = await createClass(h, teacher);
    await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    const registered = (await h.sql('SELECT member_id FROM members WHERE class_id = $1', [c.class_id]))[0].member_id;
    const reg = await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, { member_id: registered, email: s.email });
    expect(reg.status).toBe(400);
    expect(reg.body.detail).toBe('Studierende*r ist bereits registriert und kann nicht eingeladen werden');
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Offen Noch', email: 'offen@example.org' }]);
    expect((await h.call('POST', `/api/classes/${other.class_id}/invite-student`, teacher, { member_id: m!.member_id })).status).toBe(404);
    expect((await h.call('POST', `/api/classes/${c.class_id}/invite-student`, otherTeacher, { member_id: m!.member_id })).status).toBe(404);
    expect((await h.call('POST', `/api/classes/${c.class_id}/invite-student`, student, { member_id: m!.member_id })).status).toBe(403);
    expect((await h.outbox('mail.requested.v1')).filter((x) => x.to === 'offen@example.org')).toHaveLength(0);
  });
});
