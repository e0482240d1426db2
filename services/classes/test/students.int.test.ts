import { randomUUID } from 'node:crypto';
import { Topic } from '@stundenplan/base';
import { describe, expect, it } from 'vitest';
import { addMembers, createClass, type Json } from './helpers.js';
import { h, teacher, student, registered, membersOf, useStudentsHarness } from './students-fixture.js';

useStudentsHarness();

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

  it('follows user.deleted.v1 (directory, linked memberships, search)', async () => {
    const s = await h.student({ name: 'Vorher Name', email: 'vorher@stud.example.org' });
    const c = await createClass(h, teacher);
    await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, { students: [{ student_id: s.userId }] });
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: 'vorher' })).body.students.map((x: Json) => x.user_id)).toContain(s.userId);

    const memberId = (await membersOf(c.class_id))[0].member_id;
    await h.publish(Topic.UserDeleted, { user_id: s.userId, email: s.email, role_id: 1 });
    await h.waitFor(async () => (await h.sql('SELECT 1 FROM user_directory WHERE user_id = $1', [s.userId])).length === 0);
    await h.waitFor(async () => (await membersOf(c.class_id)).length === 0);
    expect(await h.outbox('member.removed.v1')).toContainEqual({ class_id: c.class_id, member_id: memberId, user_id: s.userId });
    expect((await h.call('POST', '/api/search-students', teacher, { query_string: 'vorher' })).body.students.map((x: Json) => x.user_id)).not.toContain(
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
