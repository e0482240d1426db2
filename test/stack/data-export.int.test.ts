import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createClass, signUp, startTestStack, uniqueEmail, waitForMail, minimalPdf } from './helpers.js';

interface Export {
  format: string;
  account: { user_id: string; email: string; name: string; role: string; sessions: unknown[]; university_logins: unknown[]; last_sign_in_at: string | null };
  classes: {
    memberships: { class_id: string; name: string; teacher_name: string | null }[];
    classes: { class_id: string; name: string; members: { name: string; email: string | null; registered: boolean }[] }[];
    invitations: unknown[];
  };
  availability: {
    own_times: { available_times: Record<string, string[]>; preferred_times: Record<string, string[]> } | null;
    member_times: unknown[];
    teacher_times: unknown[];
  };
  notification: {
    lessons: { class_id: string; name: string; date: string; start: string; end: string }[];
    mails: { subject: string; created_at: string }[];
    calendar_subscription: { created_at: string } | null;
    cancellations: { member_id: string; date: string; start: string; reason: string | null }[];
    makeups: { member_id: string; cancelled_date: string }[];
    swaps: unknown[];
  };
  school: { administrations: unknown[]; room_bookings: unknown[] };
}

/** GET /api/me/export: auth composes the copy from every service's part (gRPC PersonalDataService). */
describe('a copy of my data through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let teacher: Client;
  let anna: Client;
  let bert: Client;
  let classId = '';
  const teacherEmail = uniqueEmail('export-lehrerin');
  const annaEmail = uniqueEmail('export-anna');
  const bertEmail = uniqueEmail('export-bert');
  const olgaEmail = uniqueEmail('export-olga');

  beforeAll(async () => {
    // Own ports: others run the stack suites on theirs.
    stack = await startTestStack(inject('databaseUrl'), { port: 19380, portOffset: 11600 });
    teacher = await signUp(stack.base, { name: 'Clara Exportlehrerin', email: teacherEmail, role: 'teacher' });
    anna = await signUp(stack.base, { name: 'Anna Annaname', email: annaEmail, role: 'student' });
    bert = await signUp(stack.base, { name: 'Bert Bertname', email: bertEmail, role: 'student' });
    const created = await createClass(teacher, 'Export Klavier');
    classId = created.class_id;
    for (const s of [anna, bert])
      expect((await s.post('/api/students/join-class', { register_shortcut: created.register_shortcut, duration: 45 })).status).toBe(200);
    expect((await teacher.post(`/api/classes/${classId}/members/new`, { students: [{ name: 'Olga Ohnekonto', duration: 30, email: olgaEmail }] })).status).toBe(
      201,
    );
    expect((await anna.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15', '9.30'] }, preferred_times: { '0': ['9.00'] } })).status).toBe(
      200,
    );
    expect((await bert.put('/api/me/available-times', { available_times: { '3': ['16.45', '17.00', '17.15'] } })).status).toBe(200);

    const members = (await teacher.get<{ members: { member_id: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members;
    const idOf = (email: string) => members.find((m) => m.email?.toLowerCase() === email.toLowerCase())!.member_id;
    const slots = (times: string[], id: string) => times.map((t) => [t, id] as [string, string]);
    const available_times = {
      '0': slots(['9.00', '9.15', '9.30'], idOf(annaEmail)),
      '1': [],
      '2': [],
      '3': slots(['16.45', '17.00', '17.15'], idOf(bertEmail)),
      '4': [],
      '5': [],
      '6': [],
    };
    const saved = await teacher.post(`/api/classes/${classId}/schedules`, { name: 'Exportplan', description: null, available_times, class_id: classId });
    expect(saved.status).toBeLessThan(300);
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', classId);
    const sent = await teacher.post('/api/send-schedule-to-students', form);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitForMail(stack.base, annaEmail, /Dein Stundenplan/);
    expect((await anna.post('/api/me/calendar-subscription')).status).toBe(201);
    // Each student cancels their second lesson (next week): a cancellation and a make-up each.
    for (const [s, reason] of [
      [anna, 'Konzert'],
      [bert, 'Bertgrund'],
    ] as const) {
      const second = (await s.get<{ lessons: { member_id: string; date: string }[] }>('/api/me/lessons')).body.lessons[1]!;
      const cancelled = await s.post('/api/lessons/cancel', { class_id: classId, member_id: second.member_id, date: second.date, reason });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    }
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 401 without a session', async () => {
    const res = await new Client(stack.base).get<{ detail: string }>('/api/me/export');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBeTruthy();
  });

  it("gives a student their own account, times, lessons, mails and calendar link, and nothing of anyone else's", async () => {
    const res = await anna.call<string>('GET', '/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const raw = JSON.stringify(res.body);
    const copy = res.body as unknown as Export;
    expect(copy.format).toBe('stundenplan-assistent.personal-data.v1');
    expect(copy.account).toMatchObject({ email: annaEmail, name: 'Anna Annaname', role: 'student' });
    expect(copy.account.sessions.length).toBeGreaterThan(0);
    expect(copy.account.university_logins).toEqual([]);
    expect(copy.classes.memberships).toEqual([expect.objectContaining({ class_id: classId, name: 'Anna Annaname', teacher_name: 'Clara Exportlehrerin' })]);
    expect(copy.classes.classes).toEqual([]);
    expect(copy.availability.own_times).toMatchObject({ available_times: { '0': ['9.00', '9.15', '9.30'] }, preferred_times: { '0': ['9.00'] } });
    expect(copy.notification.lessons.length).toBeGreaterThan(0);
    for (const l of copy.notification.lessons) expect(l).toMatchObject({ class_id: classId, name: 'Anna Annaname', start: '09:00', end: '09:45' });
    expect(copy.notification.mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/Dein Stundenplan/)]));
    expect(copy.notification.calendar_subscription?.created_at).toMatch(/^\d{4}-/);
    expect(copy.notification.cancellations).toEqual([expect.objectContaining({ start: '09:00', reason: 'Konzert' })]);
    expect(copy.notification.makeups).toEqual([expect.objectContaining({ cancelled_date: copy.notification.cancellations[0]!.date })]);
    expect(copy.notification.swaps).toEqual([]);
    // No school: the school service answers its part, empty.
    expect(copy.school).toEqual({ administrations: [], room_bookings: [] });
    // Nobody else: not the other student's name, address or times, not the member without an account, not the teacher's address.
    for (const other of ['Bert', 'Bertgrund', bertEmail, 'Olga', olgaEmail, teacherEmail, '"16.45"', '"16:45"', '/api/calendar/'])
      expect(raw).not.toContain(other);
  });

  it('gives a teacher their classes with their members', async () => {
    const res = await teacher.get<Export>('/api/me/export');
    expect(res.status).toBe(200);
    const cls = res.body.classes.classes.find((c) => c.class_id === classId)!;
    expect(cls.name).toBe('Export Klavier');
    expect(cls.members.map((m) => [m.name, m.registered]).sort()).toEqual([
      ['Anna Annaname', true],
      ['Bert Bertname', true],
      ['Olga Ohnekonto', false],
    ]);
    expect(res.body.account).toMatchObject({ email: teacherEmail, role: 'teacher' });
    expect(res.body.availability.own_times).toBeNull();
    expect(res.body.notification.lessons.map((l) => l.name)).toEqual(expect.arrayContaining(['Anna Annaname', 'Bert Bertname']));
    expect(res.body.notification.cancellations.map((c) => c.reason).sort()).toEqual(['Bertgrund', 'Konzert']);
    // The other teacher-side data of students stays out: their own times are theirs.
    expect(JSON.stringify(res.body)).not.toContain('"preferred_times":{"0":["9.00"]}');
  });
});
