import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createClass, signUp, startTestStack, uniqueEmail } from './helpers.js';

/**
 * The class list, the member list and a student's classes are kept between requests and used again while
 * nothing they were built from changed (change stamps). Every check here reads right after a write, through
 * the gateway, without waiting for anything: a kept answer from before the write must never come back.
 */

interface ClassRow {
  class_id: string;
  name: string;
  member_count: number;
  answered_count: number | null;
}
interface MemberRow {
  member_id: string;
  name: string;
  available_times: Record<string, string[]>;
  available_times_user_input: Record<string, string[]>;
}

// Also with every performance switch off (docs/adr/): the same answers without kept answers, through Express's
// router and without copies of the gateway's listening socket.
const SWITCHES_OFF = { KEPT_ANSWERS: 'false', GATEWAY_FAST_API_PATH: 'false', GATEWAY_ACCEPT_COPIES: '0' };

describe.each([
  ['kept answers follow every write at once', {}],
  ['with the performance switches off, every read after a write is right', SWITCHES_OFF],
])('%s', (_title, env: Record<string, string>) => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let teacher: Client;
  let student: Client;
  let classId = '';

  const classRow = async () => (await teacher.get<{ classes: ClassRow[] }>('/api/me/classes')).body.classes.find((c) => c.class_id === classId)!;
  const members = async () => (await teacher.get<{ members: MemberRow[] }>(`/api/classes/${classId}/members`)).body.members;
  /** Reads both lists several times, so that what is answered next would come from the kept copies. */
  const warm = async () => {
    for (let i = 0; i < 3; i++) {
      expect((await teacher.get('/api/me/classes')).status).toBe(200);
      expect((await teacher.get(`/api/classes/${classId}/members`)).status).toBe(200);
    }
  };

  beforeAll(async () => {
    stack = await startTestStack(inject('databaseUrl'), { port: 21580, portOffset: 13500, env });
    teacher = await signUp(stack.base, { name: 'Clara Wieck', email: uniqueEmail('wieck'), role: 'teacher' });
    student = await signUp(stack.base, { name: 'Anna Student', email: uniqueEmail('anna'), role: 'student' });
    const created = await createClass(teacher, 'Klavier');
    classId = created.class_id;
    expect((await student.post('/api/students/join-class', { register_shortcut: created.register_shortcut, duration: 45 })).status).toBeLessThan(300);
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it("a student's own save shows in the teacher's class list and member list on the next read", async () => {
    await warm();
    expect(await classRow()).toMatchObject({ member_count: 1, answered_count: 0 });
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15'] } })).status).toBe(200);
    expect(await classRow()).toMatchObject({ member_count: 1, answered_count: 1 });
    expect((await members())[0]!.available_times_user_input).toEqual({ '0': ['9.00', '9.15'] });
    await warm();
    expect((await student.put('/api/me/available-times', { available_times: { '1': ['10.00'] } })).status).toBe(200);
    expect((await members())[0]!.available_times_user_input).toEqual({ '1': ['10.00'] });
  });

  it('members added, given times, renamed and removed by the teacher show at once', async () => {
    await warm();
    const added = await teacher.post(`/api/classes/${classId}/members/new`, { students: [{ name: 'Bernd Hand', duration: 30, email: null }] });
    expect(added.status).toBe(201);
    expect(await classRow()).toMatchObject({ member_count: 2, answered_count: 1 });
    const bernd = (await members()).find((m) => m.name === 'Bernd Hand')!;
    expect(bernd).toBeTruthy();

    await warm();
    const timed = await teacher.put(`/api/classes/${classId}/members/${bernd.member_id}/update`, { available_times: { '2': ['11.00'] } });
    expect(timed.status).toBe(200);
    expect(await classRow()).toMatchObject({ member_count: 2, answered_count: 2 });
    expect((await members()).find((m) => m.member_id === bernd.member_id)!.available_times).toEqual({ '2': ['11.00'] });

    await warm();
    expect((await teacher.put(`/api/classes/${classId}/members/${bernd.member_id}/update`, { name: 'Bernd Neu' })).status).toBe(200);
    expect((await members()).map((m) => m.name)).toContain('Bernd Neu');

    await warm();
    expect((await teacher.put(`/api/classes/${classId}`, { name: 'Klavier Hauptfach' })).status).toBe(200);
    expect(await classRow()).toMatchObject({ name: 'Klavier Hauptfach', member_count: 2 });

    await warm();
    expect((await teacher.del(`/api/classes/${classId}/members/${bernd.member_id}`)).status).toBe(200);
    expect(await classRow()).toMatchObject({ member_count: 1, answered_count: 1 });
    expect((await members()).map((m) => m.name)).toEqual(['Anna Student']);
  });

  it("a student's next save knows a class joined a moment ago (its time range applies at once)", async () => {
    // Saves while the student is only in the first class (no range there): anything goes.
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['15.00'] } })).status).toBe(200);
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['15.15'] } })).status).toBe(200);
    const other = await signUp(stack.base, { name: 'Robert Schumann', email: uniqueEmail('schumann'), role: 'teacher' });
    const ranged = await createClass(other, 'Orgel');
    const id = ranged.class_id;
    expect((await other.put(`/api/classes/${id}/available-times`, { available_times: { '0': ['9.00', '9.15', '9.30', '9.45'] } })).status).toBe(200);
    expect((await other.post(`/api/classes/${id}/time-range/exact`)).status).toBe(200);
    expect((await student.post('/api/students/join-class', { register_shortcut: ranged.register_shortcut, duration: 45 })).status).toBeLessThan(300);
    const refused = await student.put<{ detail: string }>('/api/me/available-times', { available_times: { '0': ['15.30'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Die Zeit Montag 15.30 liegt außerhalb des von deinen Lehrkräften freigegebenen Zeitraums.');
  });

  it("another teacher never gets a kept member list of someone else's class", async () => {
    await warm();
    const stranger = await signUp(stack.base, { name: 'Fanny Hensel', email: uniqueEmail('hensel'), role: 'teacher' });
    const res = await stranger.get<{ detail: string }>(`/api/classes/${classId}/members`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Klasse/Kurs nicht gefunden' });
  });

  it('a student who leaves a class is gone from both lists at once', async () => {
    await warm();
    const memberId = (await members())[0]!.member_id;
    expect((await student.del(`/api/students/leave-class/${memberId}`)).status).toBe(200);
    expect(await classRow()).toMatchObject({ member_count: 0, answered_count: 0 });
    expect(await members()).toEqual([]);
  });
});
