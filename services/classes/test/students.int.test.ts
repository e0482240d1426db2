import { randomUUID } from 'node:crypto';
import { Topic, type UserRegisteredPayload } from '@stundenplan/base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness, type Json } from './helpers.js';

let h: Harness;
let teacher: Actor;
let student: Actor;

beforeAll(async () => {
  h = await startHarness();
  student = await h.student();
});
afterAll(async () => h?.stop());
beforeEach(async () => {
  teacher = await h.teacher({ name: 'Johann Bach', institution: { id: 'inst-1', name: 'HMTM' } });
});

/** user.registered.v1 as the auth service publishes it; what a test leaves out is null. */
const registered = (p: Pick<UserRegisteredPayload, 'user_id' | 'name' | 'email' | 'role_id'> & Partial<UserRegisteredPayload>) =>
  h.publish(Topic.UserRegistered, {
    duration: null,
    institution_id: null,
    institution_name: null,
    register_shortcut: null,
    member_id: null,
    class_id: null,
    ...p,
  });
const membersOf = (classId: string) =>
  h.sql('SELECT member_id, user_id, student_id, name, email, duration FROM members WHERE class_id = $1 ORDER BY created_at', [classId]);

describe('user events -> directory -> search', () => {
  it('finds registered students by name or e-mail local part, case-insensitive; never teachers', async () => {
    const tag = randomUUID().slice(0, 8);
    const userId = randomUUID();
    await registered({
      user_id: userId,
      name: `Mareike Zylinder${tag}`,
      email: `mz.${tag}@Stud.Example.org`,
      role_id: 1,
      duration: 60,
      institution_id: 'inst-1',
      institution_name: 'HMTM',
    });
    await registered({ user_id: randomUUID(), name: `Lehrer Zylinder${tag}`, email: `lz.${tag}@example.org`, role_id: 2, duration: null });
    await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = $1', [userId])).length);
    const byName = await h.call('POST', '/api/search-students', teacher, { query_string: `ZYLINDER${tag}` });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ students: [{ user_id: userId, name: `Mareike Zylinder${tag}`, email: `mz.${tag}@stud.example.org`, duration: 60 }] });
    const byMail = await h.call('POST', '/api/search-students', teacher, { query_string: `mz.${tag}` });
    expect(byMail.body.students.map((s: Json) => s.user_id)).toEqual([userId]);
    const byFullMail = await h.call('POST', '/api/search-students', teacher, { query_string: `mz.${tag}@stud.example.org` });
    expect(byFullMail.body.students.map((s: Json) => s.user_id)).toEqual([userId]);
    // the domain is not searched
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: 'stud.example' })).body.students).toEqual([]);
  });

  it('follows user.updated.v1 (also on linked memberships) and user.deleted.v1', async () => {
    const s = await h.student({ name: 'Vorher Name', email: 'vorher@stud.example.org' });
    const c = await createClass(h, teacher);
    await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    await h.publish(Topic.UserUpdated, { user_id: s.userId, name: 'Nachher Name', email: 'Nachher@stud.example.org' });
    await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = $1 AND name = $2', [s.userId, 'Nachher Name'])).length);
    const [dir] = await h.sql('SELECT name, email, role_id, duration FROM user_directory WHERE user_id = $1', [s.userId]);
    expect(dir).toEqual({ name: 'Nachher Name', email: 'nachher@stud.example.org', role_id: 1, duration: 45 });
    await h.waitFor(async () => (await membersOf(c.class_id))[0]?.name === 'Nachher Name');
    expect((await membersOf(c.class_id))[0]).toMatchObject({ email: 'nachher@stud.example.org' });
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: 'nachher' })).body.students.map((x: Json) => x.user_id)).toContain(s.userId);

    const memberId = (await membersOf(c.class_id))[0].member_id;
    await h.publish(Topic.UserDeleted, { user_id: s.userId, email: s.email, role_id: 1 });
    await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = $1', [s.userId])).length === 0);
    await h.waitFor(async () => (await membersOf(c.class_id)).length === 0);
    expect(await h.outbox('member.removed.v1')).toContainEqual({ class_id: c.class_id, member_id: memberId, user_id: s.userId });
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: 'nachher' })).body.students.map((x: Json) => x.user_id)).not.toContain(
      s.userId,
    );
  });

  it("user.deleted.v1 of a teacher deletes the teacher's classes and publishes class.deleted.v1", async () => {
    const t = await h.teacher();
    const c = await createClass(h, t);
    await addMembers(h, t, c.class_id, [{ name: 'Waise Kind' }]);
    await h.publish(Topic.UserDeleted, { user_id: t.userId, email: t.email, role_id: 2 });
    await h.waitFor(async () => (await h.sql('SELECT 1 FROM classes WHERE class_id = $1', [c.class_id])).length === 0);
    expect(await h.outbox('class.deleted.v1')).toContainEqual({ class_id: c.class_id, teacher_id: t.userId });
  });

  it('validates the query and refuses students', async () => {
    for (const q of ['abcd', 'x'.repeat(51), '', undefined]) {
      const res = await h.call('POST', '/api/search-students', teacher, { query_string: q });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Suchstring muss zwischen 5 und 50 Zeichen lang sein');
    }
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: 'ab@c@d.de' })).body.detail).toBe('Ungültige E-Mail-Adresse');
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: '%%%%%' })).body.students).toEqual([]);
    expect((await h.call('POST', '/api/search-students', student, { query_string: 'abcdef' })).status).toBe(403);
    expect((await h.call('POST', '/api/search-students', null, { query_string: 'abcdef' })).status).toBe(401);
  });

  it('limits the result to 20', async () => {
    const tag = `viel${randomUUID().slice(0, 6)}`;
    const ids = Array.from({ length: 25 }, () => randomUUID());
    for (const [i, id] of ids.entries())
      await registered({ user_id: id, name: `${tag} Nr${i}`, email: `${tag}${i}@example.org`, role_id: 1, duration: 30, institution_id: 'inst-1' });
    await h.waitFor(async () => (await h.sql('SELECT count(*)::int AS n FROM user_directory WHERE name LIKE $1', [`${tag}%`]))[0].n === 25);
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: tag })).body.students).toHaveLength(20);
  });
});

describe('POST /api/check-student-exists', () => {
  it("answers students of the teacher's members and scope without times; times only once the student verified a course of the teacher", async () => {
    const s = await h.student({ email: 'check.me@stud.example.org' });
    const near = await h.student({ email: 'same.inst@stud.example.org' });
    h.availability!.userTimes.set(s.userId, { '0': ['9.00'] });
    h.availability!.userTimes.set(near.userId, { '1': ['10.00'] });
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Check Me', email: 'check.me@stud.example.org' }]);
    const expected = {
      'check.me@stud.example.org': { user_id: s.userId, name: s.name, available_times: {} },
      'same.inst@stud.example.org': { user_id: near.userId, name: near.name, available_times: {} },
    };
    const a = await h.call('POST', '/api/check-student-exists', teacher, [
      'Check.Me@stud.example.org',
      'same.inst@stud.example.org',
      'unknown@example.org',
      teacher.email,
    ]);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ existing_students: expected });
    const b = await h.call('POST', '/api/check-student-exists', teacher, { emails: ['check.me@stud.example.org'] });
    expect(b.body).toEqual({ existing_students: { 'check.me@stud.example.org': expected['check.me@stud.example.org'] } });
    expect((await h.call('POST', '/api/check-student-exists', teacher, [])).body).toEqual({ existing_students: {} });
    // The web links with the (empty) times of the answer: linked, not verified, so the times stay the student's.
    const linked = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { user_id: s.userId, available_times: {} });
    expect(linked.status).toBe(200);
    expect(linked.body.available_times).toEqual({});
    expect((await h.call('POST', '/api/check-student-exists', teacher, ['check.me@stud.example.org'])).body).toEqual({
      existing_students: { 'check.me@stud.example.org': expected['check.me@stud.example.org'] },
    });
    // 'Kurs verifizieren': from now on the teacher sees the student's times.
    expect((await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: m!.member_id })).status).toBe(200);
    expect((await h.call('POST', '/api/check-student-exists', teacher, ['check.me@stud.example.org'])).body).toEqual({
      existing_students: { 'check.me@stud.example.org': { user_id: s.userId, name: s.name, available_times: { '0': ['9.00'] } } },
    });
  });

  it("never answers a student of another institution who is in none of the teacher's classes", async () => {
    const far = await h.student({ email: 'far.away@stud.example.org', institutionId: 'inst-2' });
    h.availability!.userTimes.set(far.userId, { '0': ['9.00'] });
    expect((await h.call('POST', '/api/check-student-exists', teacher, ['far.away@stud.example.org'])).body).toEqual({ existing_students: {} });
    // Another teacher who has the student in a class gets the answer; ours still does not.
    const other = await h.teacher({ institution: { id: 'inst-2', name: 'Andere' } });
    const oc = await createClass(h, other);
    await addMembers(h, other, oc.class_id, [{ name: 'Far Away', email: 'far.away@stud.example.org' }]);
    expect(
      (await h.call('POST', '/api/check-student-exists', other, ['far.away@stud.example.org'])).body.existing_students['far.away@stud.example.org'],
    ).toEqual({
      user_id: far.userId,
      name: far.name,
      available_times: {},
    });
    expect((await h.call('POST', '/api/check-student-exists', teacher, ['far.away@stud.example.org'])).body).toEqual({ existing_students: {} });
  });

  it('answers without times when availability fails; refuses bad bodies, more than 99 e-mails and students', async () => {
    const s = await h.student({ email: 'no.times@stud.example.org' });
    const c = await createClass(h, teacher);
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: added.body.members[0].member_id });
    h.availability!.userTimes.set(s.userId, { '3': ['8.00'] });
    expect(
      (await h.call('POST', '/api/check-student-exists', teacher, ['no.times@stud.example.org'])).body.existing_students['no.times@stud.example.org']
        .available_times,
    ).toEqual({ '3': ['8.00'] });
    h.availability!.fail = true;
    try {
      const res = await h.call('POST', '/api/check-student-exists', teacher, ['no.times@stud.example.org']);
      expect(res.body.existing_students['no.times@stud.example.org']).toEqual({ user_id: s.userId, name: s.name, available_times: {} });
    } finally {
      h.availability!.fail = false;
    }
    expect((await h.call('POST', '/api/check-student-exists', teacher, { emails: 'x' })).status).toBe(400);
    expect(
      (
        await h.call(
          'POST',
          '/api/check-student-exists',
          teacher,
          Array.from({ length: 99 }, (_, i) => `${i}@x.de`),
        )
      ).status,
    ).toBe(200);
    expect(
      await h.call(
        'POST',
        '/api/check-student-exists',
        teacher,
        Array.from({ length: 100 }, (_, i) => `${i}@x.de`),
      ),
    ).toEqual({
      status: 400,
      body: { detail: 'Es können höchstens 99 E-Mail-Adressen auf einmal geprüft werden' },
    });
    expect((await h.call('POST', '/api/check-student-exists', student, ['a@b.de'])).status).toBe(403);
  });

  it('is limited per teacher: 120 calls in 10 minutes, then 429 with wait_time (other teachers unaffected)', async () => {
    const busy = await h.teacher();
    for (let i = 0; i < 120; i++) expect((await h.call('POST', '/api/check-student-exists', busy, [`x${i}@example.org`])).status).toBe(200);
    const blocked = await h.call('POST', '/api/check-student-exists', busy, ['x@example.org']);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe('Zu viele Abfragen registrierter Studierender. Bitte warte einen Moment und versuche es erneut.');
    expect(blocked.body.wait_time).toBeGreaterThan(500);
    expect(blocked.body.wait_time).toBeLessThanOrEqual(600);
    expect((await h.call('POST', '/api/check-student-exists', teacher, ['x@example.org'])).status).toBe(200);
  });
});

describe('directory scope of search-students and adding found students', () => {
  it('finds students of the own institution and of the own classes (also after they left), nobody else', async () => {
    const tag = `scope${randomUUID().slice(0, 6)}`;
    const near = await h.student({ name: `Nah ${tag}`, email: `nah.${tag}@stud.example.org` });
    const far = await h.student({ name: `Fern ${tag}`, email: `fern.${tag}@stud.example.org`, institutionId: 'inst-2' });
    const none = await h.student({ name: `Ohne ${tag}`, email: `ohne.${tag}@stud.example.org`, institutionId: null });
    const ids = async () => (await h.call('POST', '/api/search-students', teacher, { query_string: tag })).body.students.map((x: Json) => x.user_id).sort();
    expect(await ids()).toEqual([near.userId]);
    const answer = (await h.call('POST', '/api/search-students', teacher, { query_string: tag })).body.students[0];
    expect(Object.keys(answer).sort()).toEqual(['duration', 'email', 'name', 'user_id']);
    // Not findable, so not addable by id either (same answer as an unknown id).
    const c = await createClass(h, teacher);
    expect(await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: far.userId }] })).toEqual({
      status: 404,
      body: { detail: 'Registrierte*r Student*in nicht gefunden' },
    });
    // The far student joins with the code: now a member, findable; leaving keeps that.
    const joined = await h.call('POST', '/api/students/join-class', far, { register_shortcut: c.register_shortcut });
    expect(joined.status).toBe(200);
    expect(await ids()).toEqual([near.userId, far.userId].sort());
    expect((await h.call('DELETE', `/api/students/leave-class/${joined.body.member_id}`, far)).status).toBe(200);
    expect(await ids()).toEqual([near.userId, far.userId].sort());
    expect((await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: far.userId }] })).status).toBe(201);
    expect(await ids()).not.toContain(none.userId);
    // A teacher without institution sees only the own classes' students.
    const loner = await h.teacher({ directory: true, institution: { id: '', name: '' } });
    expect((await h.call('POST', '/api/search-students', loner, { query_string: tag })).body.students).toEqual([]);
  });
});

describe('POST /api/students/join-class', () => {
  it('joins with the code (normalised), verified at once; a second join is 409', async () => {
    const s = await h.student({ duration: 60 });
    const c = await createClass(h, teacher, 'Gesang');
    const res = await h.call('POST', '/api/students/join-class', s, { register_shortcut: ` ${c.register_shortcut.toUpperCase()} `, duration: 45 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ class_name: 'Gesang', class_id: c.class_id });
    expect(await membersOf(c.class_id)).toEqual([
      { member_id: res.body.member_id, user_id: s.userId, student_id: s.userId, name: s.name, email: s.email, duration: 45 },
    ]);
    expect((await h.outbox('member.added.v1')).some((e) => e.member_id === res.body.member_id)).toBe(true);
    const again = await h.call('POST', '/api/students/join-class', s, { register_shortcut: c.register_shortcut });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Du bist bereits Mitglied dieses Kurses');
  });

  it('defaults the duration to 30 and strips spaces and digits', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher);
    const spaced = c.register_shortcut.replace(/-/g, ' - ').replace(/^(.)/, '$1 1');
    const res = await h.call('POST', '/api/students/join-class', s, { register_shortcut: spaced });
    expect(res.status).toBe(200);
    expect((await membersOf(c.class_id))[0].duration).toBe(30);
  });

  it('verifies an existing unverified membership and takes over an unregistered row with the same e-mail', async () => {
    const s1 = await h.student();
    const s2 = await h.student({ email: 'uebernahme@stud.example.org' });
    const c = await createClass(h, teacher);
    await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s1.userId }] });
    const [row] = await addMembers(h, teacher, c.class_id, [{ name: 'Vom Lehrer', email: 'uebernahme@stud.example.org', duration: 90 }]);
    expect((await h.call('POST', '/api/students/join-class', s1, { register_shortcut: c.register_shortcut })).status).toBe(200);
    const r2 = await h.call('POST', '/api/students/join-class', s2, { register_shortcut: c.register_shortcut });
    expect(r2.body.member_id).toBe(row!.member_id);
    const rows = await membersOf(c.class_id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.user_id === s1.userId)!.student_id).toBe(s1.userId);
    expect(rows.find((r) => r.member_id === row!.member_id)).toMatchObject({ user_id: s2.userId, student_id: s2.userId, duration: 90 });
  });

  it.each([
    ['', 400, 'Bitte gib einen Registrierungscode ein'],
    ['1234', 400, 'Bitte gib einen Registrierungscode ein'],
    ['apfel-birne', 400, 'Ungültiges Format. Erwartet: wort-wort-wort'],
    ['apfel-birne-kiwi-mango', 400, 'Ungültiges Format. Erwartet: wort-wort-wort'],
    ['abc-123-def', 400, 'Ungültiges Format. Erwartet: wort-wort-wort'],
    ['qqqq-wwww-zzzz', 404, 'Ungültiger Registrierungscode'],
  ])('refuses code %j', async (code, status, detail) => {
    const res = await h.call('POST', '/api/students/join-class', student, { register_shortcut: code, duration: 30 });
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
  });

  it('refuses bad durations, teachers, visitors and a full class', async () => {
    const c = await createClass(h, teacher);
    for (const duration of [0, 10, 135, 'abc']) {
      const res = await h.call('POST', '/api/students/join-class', student, { register_shortcut: c.register_shortcut, duration });
      expect(res.body.detail).toBe('Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)');
    }
    expect((await h.call('POST', '/api/students/join-class', teacher, { register_shortcut: c.register_shortcut })).status).toBe(403);
    expect((await h.call('POST', '/api/students/join-class', null, { register_shortcut: c.register_shortcut })).status).toBe(401);
    await addMembers(
      h,
      teacher,
      c.class_id,
      Array.from({ length: 99 }, (_, i) => ({ name: `Voll ${i}` })),
    );
    const full = await h.call('POST', '/api/students/join-class', student, { register_shortcut: c.register_shortcut });
    expect(full.status).toBe(400);
    expect(full.body.detail).toBe('Maximal 99 Studierenden pro Klasse/Kurs');
  });
});

describe('POST /api/students/verify-class and DELETE /api/students/leave-class/{memberId}', () => {
  it('verifies an own unverified membership, then leaves it', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher, 'Orgel');
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    const memberId = added.body.members[0].member_id;
    const v = await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: memberId });
    expect(v.status).toBe(200);
    expect(v.body).toEqual({ class_name: 'Orgel' });
    expect((await membersOf(c.class_id))[0].student_id).toBe(s.userId);
    expect((await h.call('POST', '/api/students/verify-class', s, { class_id: c.class_id, member_id: memberId })).status).toBe(200);
    const l = await h.call('DELETE', `/api/students/leave-class/${memberId}`, s);
    expect(l.status).toBe(200);
    expect(l.body).toEqual({ class_name: 'Orgel' });
    expect(await membersOf(c.class_id)).toEqual([]);
    expect(await h.outbox('member.removed.v1')).toContainEqual({ class_id: c.class_id, member_id: memberId, user_id: s.userId });
    expect((await h.call('DELETE', `/api/students/leave-class/${memberId}`, s)).status).toBe(404);
  });

  it("refuses someone else's membership, the wrong class, unknown ids and teachers", async () => {
    const owner = await h.student();
    const intruder = await h.student();
    const c = await createClass(h, teacher);
    const other = await createClass(h, teacher);
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: owner.userId }] });
    const memberId = added.body.members[0].member_id;
    const [unregistered] = await addMembers(h, teacher, c.class_id, [{ name: 'Niemand Registriert' }]);
    expect((await h.call('POST', '/api/students/verify-class', intruder, { class_id: c.class_id, member_id: memberId })).status).toBe(404);
    expect((await h.call('POST', '/api/students/verify-class', intruder, { class_id: c.class_id, member_id: unregistered!.member_id })).status).toBe(404);
    expect((await h.call('POST', '/api/students/verify-class', owner, { class_id: other.class_id, member_id: memberId })).status).toBe(404);
    expect((await h.call('POST', '/api/students/verify-class', owner, { class_id: c.class_id, member_id: randomUUID() })).status).toBe(404);
    expect((await h.call('POST', '/api/students/verify-class', owner, { class_id: 'x', member_id: memberId })).status).toBe(404);
    expect((await h.call('POST', '/api/students/verify-class', teacher, { class_id: c.class_id, member_id: memberId })).status).toBe(403);
    expect(await h.call('DELETE', `/api/students/leave-class/${memberId}`, intruder)).toEqual(
      await h.call('DELETE', `/api/students/leave-class/${randomUUID()}`, intruder),
    );
    expect((await h.call('DELETE', `/api/students/leave-class/${memberId}`, intruder)).status).toBe(404);
    expect((await h.call('DELETE', `/api/students/leave-class/${memberId}`, teacher)).status).toBe(403);
    expect((await h.call('DELETE', '/api/students/leave-class/nope', owner)).status).toBe(404);
    const rows = await membersOf(c.class_id);
    expect(rows.find((r) => r.member_id === memberId)).toMatchObject({ user_id: owner.userId, student_id: null });
  });
});

describe('registration checks (public)', () => {
  it('validate-register-shortcut answers class, teacher and institution; prefill with memberId', async () => {
    const c = await createClass(h, teacher, 'Harfe');
    await h.call('PUT', `/api/classes/${c.class_id}`, teacher, { name: 'Harfe', description: 'Einzelunterricht' });
    const res = await h.call('GET', `/api/auth/validate-register-shortcut/${c.register_shortcut}`, null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      class_id: c.class_id,
      teacher_name: 'Johann Bach',
      institution_name: 'HMTM',
      institution_id: 'inst-1',
      class_name: 'Harfe',
      class_description: 'Einzelunterricht',
      name: null,
      email: null,
      duration: null,
    });
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Paula Prefill', email: 'paula@example.org', duration: 60 }]);
    const withMember = await h.call('GET', `/api/auth/validate-register-shortcut/${c.register_shortcut}?memberId=${m!.member_id}`, null);
    expect(withMember.body).toMatchObject({ name: 'Paula Prefill', email: 'paula@example.org', duration: 60 });
    const suffix = await h.call('GET', `/api/auth/validate-register-shortcut/${c.register_shortcut}&memberId=${m!.member_id}`, null);
    expect(suffix.body).toMatchObject({ class_id: c.class_id, name: 'Paula Prefill' });
  });

  it('validate-register-shortcut: unknown code is 404 with the SPEC text', async () => {
    for (const code of ['qqqq-wwww-zzzz', 'x', '---']) {
      const res = await h.call('GET', `/api/auth/validate-register-shortcut/${code}`, null);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Ungültiger Registrierungsshortcut.' });
    }
  });

  it('validate-member-id: only unregistered members of that class', async () => {
    const s = await h.student();
    const c = await createClass(h, teacher);
    const other = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Offen Noch', email: 'offen@example.org', duration: 75 }]);
    const ok = await h.call('GET', `/api/auth/validate-member-id?member_id=${m!.member_id}&class_id=${c.class_id}`, null);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true, name: 'Offen Noch', email: 'offen@example.org', duration: 75 });
    const linked = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    for (const q of [
      `member_id=${m!.member_id}&class_id=${other.class_id}`,
      `member_id=${linked.body.members[0].member_id}&class_id=${c.class_id}`,
      `member_id=${randomUUID()}&class_id=${c.class_id}`,
      `member_id=abc&class_id=${c.class_id}`,
      `member_id=${m!.member_id}`,
    ]) {
      const res = await h.call('GET', `/api/auth/validate-member-id?${q}`, null);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Ungültige memberId.' });
    }
  });
});

describe('user.registered.v1 with a class code', () => {
  it('creates a verified membership for a registration with the code', async () => {
    const c = await createClass(h, teacher);
    const userId = randomUUID();
    await registered({
      user_id: userId,
      name: 'Neu Registriert',
      email: 'neu.reg@stud.example.org',
      role_id: 1,
      duration: 75,
      register_shortcut: c.register_shortcut,
      member_id: null,
    });
    await h.waitFor(async () => (await membersOf(c.class_id)).length === 1);
    expect((await membersOf(c.class_id))[0]).toMatchObject({
      user_id: userId,
      student_id: userId,
      name: 'Neu Registriert',
      email: 'neu.reg@stud.example.org',
      duration: 75,
    });
  });

  it('links the invited member (memberId) and verifies it; the teacher sees it linked', async () => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Eingeladen', email: 'eingeladen@example.org', duration: 60 }]);
    await h.call('POST', `/api/classes/${c.class_id}/invite-student`, teacher, { member_id: m!.member_id });
    const userId = randomUUID();
    await registered({
      user_id: userId,
      name: 'Eingeladen Echt',
      email: 'echt@stud.example.org',
      role_id: 1,
      duration: 30,
      register_shortcut: c.register_shortcut,
      member_id: m!.member_id,
    });
    await h.waitFor(async () => (await membersOf(c.class_id))[0]?.user_id === userId);
    expect(await membersOf(c.class_id)).toEqual([
      { member_id: m!.member_id, user_id: userId, student_id: userId, name: 'Eingeladen Echt', email: 'echt@stud.example.org', duration: 60 },
    ]);
    expect(await h.outbox('member.linked.v1')).toContainEqual({ class_id: c.class_id, member_id: m!.member_id, user_id: userId });
    const list = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
    expect(list.body.members[0]).toMatchObject({ user_id: userId, student_id: userId });
  });

  it('a memberId of another class does not link: a new membership is created instead', async () => {
    const a = await createClass(h, teacher);
    const b = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, a.class_id, [{ name: 'In A' }]);
    const userId = randomUUID();
    await registered({
      user_id: userId,
      name: 'Nach B',
      email: 'nach.b@stud.example.org',
      role_id: 1,
      duration: 30,
      register_shortcut: b.register_shortcut,
      member_id: m!.member_id,
    });
    await h.waitFor(async () => (await membersOf(b.class_id)).length === 1);
    expect((await membersOf(a.class_id))[0].user_id).toBeNull();
  });

  it('ignores unknown codes and teachers; a full class gets no 100th member', async () => {
    const c = await createClass(h, teacher);
    await addMembers(
      h,
      teacher,
      c.class_id,
      Array.from({ length: 99 }, (_, i) => ({ name: `Voll ${i}` })),
    );
    const late = randomUUID();
    await registered({ user_id: late, name: 'Zu Spaet', email: 'spaet@stud.example.org', role_id: 1, duration: 30, register_shortcut: c.register_shortcut });
    const teacherId = randomUUID();
    await registered({ user_id: teacherId, name: 'Lehrer Code', email: 'lc@example.org', role_id: 2, register_shortcut: c.register_shortcut });
    const unknown = randomUUID();
    await registered({ user_id: unknown, name: 'Falscher Code', email: 'fc@example.org', role_id: 1, register_shortcut: 'qqqq-wwww-zzzz' });
    await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = ANY($1)', [[late, teacherId, unknown]])).length === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(await membersOf(c.class_id)).toHaveLength(99);
    expect(await h.sql('SELECT 1 FROM members WHERE user_id = ANY($1)', [[late, teacherId, unknown]])).toHaveLength(0);
  });
});
