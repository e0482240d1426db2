import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMembers, createClass } from './helpers.js';
import { h, teacher, student, registered, membersOf, useStudentsHarness } from './students-fixture.js';

useStudentsHarness();

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
