import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMembers, createClass, type Json } from './helpers.js';
import { h, teacher, otherTeacher, student, DURATION_MSG, useMembersHarness } from './members-fixture.js';

useMembersHarness();

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
