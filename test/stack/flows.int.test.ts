import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, linkFrom, signUp, startTestStack, uniqueEmail, waitForMail } from './helpers.js';

/**
 * The real services behind the real gateway in one process, as `npm start` runs them:
 * these flows cross every service boundary (HTTP, gRPC, events, mail).
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let teacher: Client;
let student: Client;
const teacherEmail = uniqueEmail('lehrerin');
const studentEmail = uniqueEmail('student');
let classId = '';
let shortcut = '';

beforeAll(async () => {
  stack = await startTestStack(inject('databaseUrl'));
  teacher = await signUp(stack.base, { name: 'Clara Schumann', email: teacherEmail, role: 'teacher' });
  student = await signUp(stack.base, { name: 'Johannes Brahms', email: studentEmail, role: 'student' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the whole product through the gateway', () => {
  it('reports every service and the database ready', async () => {
    const res = await fetch(`${stack.base}/api/healthz`);
    const body = (await res.json()) as { services: Record<string, { status: string }>; database: string };
    expect(res.status).toBe(200);
    expect(Object.values(body.services).map((s) => s.status)).toEqual(Array(7).fill('ok'));
    expect(body.database).toBe('ok');
  });

  it('answers /api/me by role and 401 without a session', async () => {
    expect((await teacher.get<{ role: string }>('/api/me')).body.role).toBe('teacher');
    expect((await student.get<{ role: string }>('/api/me')).body.role).toBe('student');
    const anon = await new Client(stack.base).get<{ detail: string }>('/api/me');
    expect(anon.status).toBe(401);
    expect(anon.body.detail).toBeTruthy();
  });

  it('lets a teacher create a class whose code a student joins with', async () => {
    const created = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
      name: 'Klavier Hauptfach',
      description: null,
      is_group: false,
      register_shortcut: '',
    });
    expect(created.status).toBeLessThan(300);
    classId = created.body.class_id;
    shortcut = created.body.register_shortcut;
    expect(shortcut).toMatch(/^[a-z]+-[a-z]+-[a-z]+$/);
    const join = await student.post<{ class_name: string }>('/api/students/join-class', { register_shortcut: shortcut.toUpperCase(), duration: 45 });
    expect(join.status).toBeLessThan(300);
    expect(join.body.class_name).toBe('Klavier Hauptfach');
    const profile = await student.get<{ classes: { class_id: string; teacher_name: string }[] }>('/api/profile');
    expect(profile.body.classes.map((c) => c.class_id)).toContain(classId);
    expect(profile.body.classes[0]!.teacher_name).toBe('Clara Schumann');
  });

  it('keeps a teacher out of another teacher’s class and a student out of teacher routes', async () => {
    const other = await signUp(stack.base, { name: 'Robert Schumann', email: uniqueEmail('robert'), role: 'teacher' });
    const members = await other.get(`/api/classes/${classId}/members`);
    expect([403, 404]).toContain(members.status);
    const times = await other.get(`/api/classes/${classId}/available-times`);
    expect([403, 404]).toContain(times.status);
    const schedules = await other.get(`/api/classes/${classId}/schedules`);
    expect([403, 404]).toContain(schedules.status);
    const asStudent = await student.get('/api/me/classes');
    expect(asStudent.status).toBe(403);
  });

  it('invites an unregistered member who registers through the mailed link and becomes a member', async () => {
    const inviteeEmail = uniqueEmail('eingeladen');
    const added = await teacher.post('/api/classes/' + classId + '/members/new', { students: [{ name: 'Fanny Hensel', duration: 30, email: inviteeEmail }] });
    expect(added.status).toBeLessThan(300);
    const list = await teacher.get<{ members: { member_id: string; email: string | null; user_id: string | null }[] }>(`/api/classes/${classId}/members`);
    const member = list.body.members.find((m) => m.email === inviteeEmail)!;
    expect(member.user_id).toBeNull();
    const invite = await teacher.post(`/api/classes/${classId}/invite-student`, {
      member_id: member.member_id,
      email: inviteeEmail,
      name: 'Fanny Hensel',
      class_name: 'Klavier Hauptfach',
      register_shortcut: shortcut,
    });
    expect(invite.status).toBeLessThan(300);
    const mail = await waitForMail(stack.base, inviteeEmail, /Klavier Hauptfach|Einladung/i);
    const link = linkFrom(mail, '/register/');
    expect(link).toContain(`/register/${shortcut}&memberId=${member.member_id}`);
    await signUp(stack.base, { name: 'Fanny Hensel', email: inviteeEmail, role: 'student', registerShortcut: shortcut, memberId: member.member_id });
    await expect
      .poll(
        async () =>
          (await teacher.get<{ members: { member_id: string; user_id: string | null }[] }>(`/api/classes/${classId}/members`)).body.members.find(
            (m) => m.member_id === member.member_id,
          )?.user_id,
        { timeout: 10000 },
      )
      .toBeTruthy();
  });

  it('limits a student to the padded window of the class range and shows their times to the teacher', async () => {
    const teacherTimes = {
      '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15', '10.30', '10.45'],
      '2': ['14.00', '14.15', '14.30', '14.45', '15.00', '15.15'],
    };
    expect((await teacher.put(`/api/classes/${classId}/available-times`, { available_times: teacherTimes })).status).toBe(200);
    expect((await teacher.post(`/api/classes/${classId}/time-range/extended`, { extraMinutes: 30 })).status).toBeLessThan(300);
    const ranges = await student.get<{ time_ranges: Record<string, string[]> }>('/api/me/teachers-time-ranges');
    expect(Object.keys(ranges.body.time_ranges).sort()).toEqual(['0', '2']);
    // 30 min extension + 4 slots padding: 7.30 is the first open slot on Monday.
    expect(ranges.body.time_ranges['0']![0]).toBe('7.30');
    const outside = await student.put<{ detail: string }>('/api/me/available-times', { available_times: { '0': ['7.15'] } });
    expect(outside.status).toBe(400);
    expect(outside.body.detail).toMatch(/außerhalb/);
    const ok = await student.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15', '9.30', '9.45', '10.00'] } });
    expect(ok.status).toBe(200);
    const list = await teacher.get<{
      members: { email: string; available_times_user_input: Record<string, string[]>; available_times_user_input_last_modified: string | null }[];
    }>(`/api/classes/${classId}/members`);
    const me = list.body.members.find((m) => m.email === studentEmail)!;
    expect(me.available_times_user_input['0']).toHaveLength(5);
    expect(me.available_times_user_input_last_modified).toBeTruthy();
  });
});

describe('the whole product: plans and ended sessions', () => {
  it('calculates a plan, saves it, loads it, exports the PDF and mails it to the students', async () => {
    const members = (await teacher.get<{ members: { member_id: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members;
    const calc = await teacher.post<{
      timetable: Record<string, Record<string, string>>;
      placements: { member_id: string; day: number; start: string; end: string }[];
    }>('/api/cp-sat-berechnung-from-db', {
      wiggleRoom: 3,
      selectedClass: classId,
      timePreferences: {},
    });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.placements.length, JSON.stringify(calc.body)).toBeGreaterThan(0);
    const available_times: Record<string, [string, string][]> = { '0': [], '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] };
    for (const p of calc.body.placements) available_times[String(p.day)]!.push([p.start, p.member_id]);
    const saved = await teacher.post<{ id: string; name: string }>(`/api/classes/${classId}/schedules`, {
      name: 'Wintersemester',
      description: 'erste Fassung',
      available_times,
      class_id: classId,
    });
    expect(saved.status).toBeLessThan(300);
    const list = await teacher.get<{ schedules: { id: string; name: string }[] }>(`/api/classes/${classId}/schedules`);
    expect(list.body.schedules.map((s) => s.name)).toContain('Wintersemester');
    const loaded = await teacher.get<{ name: string; available_times: Record<string, [string, string][]> }>(`/api/schedules/${saved.body.id}`);
    expect(loaded.body.available_times['0']!.length + loaded.body.available_times['2']!.length).toBe(calc.body.placements.length);

    const pdf = await teacher.post<Buffer>('/api/export-pdf-alternative', {
      schedule: calc.body.timetable,
      timeRange: { start: 32, end: 76 },
      studentsList: members.map((m) => ({ member_id: m.member_id, name: m.member_id.slice(0, 4) })),
      className: 'Klavier Hauptfach',
    });
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(pdf.body)], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', classId);
    const sent = await teacher.post<{ recipient_count: number }>('/api/send-schedule-to-students', form);
    expect(sent.status).toBe(200);
    expect(sent.body.recipient_count).toBe(members.filter((m) => m.email).length);
    const mail = await waitForMail(stack.base, studentEmail, /Dein Stundenplan/);
    expect(mail.attachments?.[0]?.filename).toBe('stundenplan.pdf');
  });

  it('refuses the old session cookie at every service itself (not only the gateway) after logout and after account deletion', async () => {
    const someClass = '00000000-0000-4000-8000-000000000001';
    // One authenticated call per service, sent straight to the service's own port.
    const calls: [keyof typeof stack.serviceBase, string, string][] = [
      ['auth', 'GET', '/api/me'],
      ['classes', 'GET', '/api/me/classes'],
      ['availability', 'GET', `/api/classes/${someClass}/time-range`],
      ['scheduling-solver', 'GET', `/api/classes/${someClass}/schedules`],
      ['document', 'POST', '/api/export-pdf-alternative'],
      ['notification', 'POST', '/api/send-schedule-to-students'],
    ];
    const statuses = async (cookie: string) =>
      Promise.all(
        calls.map(async ([svc, method, p]) => {
          const res = await fetch(`${stack.serviceBase[svc]}${p}`, {
            method,
            headers: { Cookie: cookie, 'Content-Type': 'application/json' },
            body: method === 'POST' ? '{}' : undefined,
          });
          return `${svc} ${res.status}`;
        }),
      );
    const allRefused = calls.map(([svc]) => `${svc} 401`);

    for (const ending of ['logout', 'delete'] as const) {
      const c = await signUp(stack.base, { name: 'Alma Mahler', email: uniqueEmail(`alma.${ending}`), role: 'teacher' });
      const old = c.cookie;
      // While the session lives, no service answers 401 (so the check below can fail).
      expect((await statuses(old)).filter((s) => s.endsWith(' 401'))).toEqual([]);
      if (ending === 'logout') expect((await c.post('/api/auth/logout')).status).toBe(200);
      else expect((await c.del('/api/me')).status).toBe(200);
      expect(await statuses(old), ending).toEqual(allRefused);
    }
  });

  it('refuses the old session cookie everywhere after logout', async () => {
    const c = await signUp(stack.base, { name: 'Alma Mahler', email: uniqueEmail('alma'), role: 'student' });
    const old = c.cookie;
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    for (const p of ['/api/me', '/api/profile', '/api/me/available-times', '/api/me/teachers-time-ranges']) {
      const res = await fetch(`${stack.base}${p}`, { headers: { Cookie: old } });
      expect(res.status, p).toBe(401);
    }
  });
});
