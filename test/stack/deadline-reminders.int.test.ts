import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, linkFrom, mails, signUp, startTestStack, uniqueEmail, waitForMail } from './helpers.js';

/** Issue 16 across the services: deadline (classes -> availability over gRPC, auth profile), answered count, reminders (outbox -> notification -> /dev/mail). */
describe('deadline and reminders through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let teacher: Client;
  let student: Client;
  let classId = '';
  let shortcut = '';
  const studentEmail = uniqueEmail('frist-student');
  const openEmail = uniqueEmail('frist-offen');

  beforeAll(async () => {
    // Own ports: others run the stack suites on theirs.
    stack = await startTestStack(inject('databaseUrl'), { port: 23780, portOffset: 15700 });
    teacher = await signUp(stack.base, { name: 'Clara Schumann', email: uniqueEmail('frist-lehrerin'), role: 'teacher' });
    student = await signUp(stack.base, { name: 'Johannes Brahms', email: studentEmail, role: 'student' });
    const created = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', { name: 'Frist Klavier', description: null, is_group: false, register_shortcut: '' });
    classId = created.body.class_id;
    shortcut = created.body.register_shortcut;
    expect((await student.post('/api/students/join-class', { register_shortcut: shortcut, duration: 45 })).status).toBe(200);
    expect((await teacher.post(`/api/classes/${classId}/members/new`, { students: [{ name: 'Olga Offen', duration: 30, email: openEmail }] })).status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('the teacher sets a deadline; the student sees it in the profile and still saves on time', async () => {
    const set = await teacher.put(`/api/classes/${classId}/deadline`, { deadline: '2999-12-24', allow_late_changes: false });
    expect(set.status).toBe(200);
    expect((await student.put(`/api/classes/${classId}/deadline`, { deadline: null })).status).toBe(403);
    const profile = await student.get<{ classes: { class_id: string; deadline: string | null; allow_late_changes: boolean }[] }>('/api/profile');
    expect(profile.body.classes.find((c) => c.class_id === classId)).toMatchObject({ deadline: '2999-12-24', allow_late_changes: false });
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.00'] } })).status).toBe(200);
  });

  it('counts who has answered in /me/classes', async () => {
    const list = await teacher.get<{ classes: { class_id: string; member_count: number; answered_count: number | null }[] }>('/api/me/classes');
    expect(list.body.classes.find((c) => c.class_id === classId)).toMatchObject({ member_count: 2, answered_count: 1 });
  });

  it('reminds only the member without times, with the registration link, once a day', async () => {
    const res = await teacher.post<{ recipient_count: number }>(`/api/classes/${classId}/remind`);
    expect(res.status).toBe(200);
    expect(res.body.recipient_count).toBe(1);
    const mail = await waitForMail(stack.base, openEmail, /Erinnerung/);
    expect(mail.text).toContain('Bitte trage deine Zeiten bis 24.12.2999 ein');
    expect(linkFrom(mail, '/register/')).toContain(`/register/${shortcut}&memberId=`);
    expect((await teacher.post<{ recipient_count: number }>(`/api/classes/${classId}/remind`)).body.recipient_count).toBe(0);
    expect((await mails(stack.base)).filter((m) => m.to.toLowerCase() === studentEmail.toLowerCase() && /Erinnerung/.test(m.subject))).toHaveLength(0);
    expect((await student.post(`/api/classes/${classId}/remind`)).status).toBe(403);
  });

  it('after a passed deadline the student cannot change own times (409) until the teacher allows late changes', async () => {
    expect((await teacher.put(`/api/classes/${classId}/deadline`, { deadline: '2001-01-31', allow_late_changes: false })).status).toBe(200);
    const refused = await student.put<{ detail: string }>('/api/me/available-times', { available_times: { '0': ['9.00', '9.15'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Die Frist für „Frist Klavier“ ist am 31.01.2001 abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.');
    expect((await teacher.put(`/api/classes/${classId}/deadline`, { deadline: '2001-01-31', allow_late_changes: true })).status).toBe(200);
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15'] } })).status).toBe(200);
  });
});
