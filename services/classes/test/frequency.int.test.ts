import { callUnary } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { classesV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness } from './helpers.js';

/** docs/product/classes.md "14-day lessons": a member's frequency, set by the teacher, answered everywhere the member is. */
let h: Harness;
let teacher: Actor;
let client: classesV1.ClassesServiceClient;

const FREQUENCY_MSG = 'Der Rhythmus muss „weekly“ (jede Woche) oder „biweekly“ (alle 14 Tage) sein';

beforeAll(async () => {
  h = await startHarness();
  teacher = await h.teacher();
  client = testServiceClient(classesV1.ClassesServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'classes');
});
afterAll(async () => {
  client?.close();
  await h?.stop();
});

describe('member frequency', () => {
  it('is weekly by default; the teacher sets biweekly and back; the member list and ListMembers answer it', async () => {
    const c = await createClass(h, teacher);
    const [anna, ben] = await addMembers(h, teacher, c.class_id, [{ name: 'Anna Alt' }, { name: 'Ben Bart' }]);
    expect(anna).toMatchObject({ frequency: 'weekly' });
    const url = `/api/classes/${c.class_id}/members/${anna!.member_id}/update`;
    const set = await h.call('PUT', url, teacher, { frequency: 'biweekly' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ member_id: anna!.member_id, frequency: 'biweekly', duration: 30 });

    const list = await h.call('GET', `/api/classes/${c.class_id}/members`, teacher);
    expect(list.body.members.map((m: { member_id: string; frequency: string }) => [m.member_id, m.frequency])).toEqual([
      [anna!.member_id, 'biweekly'],
      [ben!.member_id, 'weekly'],
    ]);
    const grpcList = await callUnary(client.listMembers.bind(client) as never, client, { classId: c.class_id, teacherId: teacher.userId });
    expect((grpcList as classesV1.ListMembersResponse).members.map((m) => [m.memberId, m.frequency])).toEqual([
      [anna!.member_id, 'biweekly'],
      [ben!.member_id, 'weekly'],
    ]);

    // Together with other fields, and back to weekly.
    expect((await h.call('PUT', url, teacher, { frequency: 'weekly', duration: 45 })).body).toMatchObject({ frequency: 'weekly', duration: 45 });
    const [row] = await h.sql('SELECT frequency, duration FROM members WHERE member_id = $1', [anna!.member_id]);
    expect(row).toEqual({ frequency: 'weekly', duration: 45 });
  });

  it.each([['monthly'], ['Biweekly'], [''], [2], [null], [true]])('refuses frequency %j with a German 400 and changes nothing', async (frequency) => {
    const c = await createClass(h, teacher);
    const [m] = await addMembers(h, teacher, c.class_id, [{ name: 'Bleibt So' }]);
    await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { frequency: 'biweekly' });
    const res = await h.call('PUT', `/api/classes/${c.class_id}/members/${m!.member_id}/update`, teacher, { frequency, name: 'Neuer Name' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(FREQUENCY_MSG);
    const [row] = await h.sql('SELECT name, frequency FROM members WHERE member_id = $1', [m!.member_id]);
    expect(row).toEqual({ name: 'Bleibt So', frequency: 'biweekly' });
    await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
  });

  it('is set when adding members: biweekly as asked, weekly when absent or null; answered and stored', async () => {
    const c = await createClass(h, teacher);
    const res = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, {
      students: [
        { name: 'Alle Zwei', frequency: 'biweekly' },
        { name: 'Jede Woche', frequency: 'weekly' },
        { name: 'Ohne Angabe' },
        { name: 'Null', frequency: null },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.members.map((m: { name: string; frequency: string }) => [m.name, m.frequency])).toEqual([
      ['Alle Zwei', 'biweekly'],
      ['Jede Woche', 'weekly'],
      ['Ohne Angabe', 'weekly'],
      ['Null', 'weekly'],
    ]);
    const rows = await h.sql('SELECT name, frequency FROM members WHERE class_id = $1 ORDER BY created_at, name', [c.class_id]);
    expect(Object.fromEntries(rows.map((r: { name: string; frequency: string }) => [r.name, r.frequency]))).toEqual({
      'Alle Zwei': 'biweekly',
      'Jede Woche': 'weekly',
      'Ohne Angabe': 'weekly',
      Null: 'weekly',
    });
    await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
  });

  it.each([['monthly'], ['BIWEEKLY'], [''], [14], [false], [{}]])('refuses adding with frequency %j: German 400, nobody added', async (frequency) => {
    const c = await createClass(h, teacher);
    await addMembers(h, teacher, c.class_id, [{ name: 'Schon Da' }]);
    const res = await h.call('POST', `/api/classes/${c.class_id}/members/new`, teacher, {
      students: [
        { name: 'Gut', frequency: 'biweekly' },
        { name: 'Schlecht', frequency },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(FREQUENCY_MSG);
    const rows = await h.sql('SELECT name, frequency FROM members WHERE class_id = $1', [c.class_id]);
    expect(rows).toEqual([{ name: 'Schon Da', frequency: 'weekly' }]);
    await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
  });

  it('is set when adding registered students; a linked row keeps its own unless one is given; a bad one adds nobody', async () => {
    const s1 = await h.student();
    const s2 = await h.student();
    const s3 = await h.student({ email: 'rhythmus-link@stud.example.org' });
    const c = await createClass(h, teacher);
    const [row] = await addMembers(h, teacher, c.class_id, [{ name: 'Verknüpft', email: 'rhythmus-link@stud.example.org' }]);
    await h.call('PUT', `/api/classes/${c.class_id}/members/${row!.member_id}/update`, teacher, { frequency: 'biweekly' });

    const bad = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, {
      students: [
        { student_id: s1.userId, frequency: 'biweekly' },
        { student_id: s2.userId, frequency: 'alle 14 Tage' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(FREQUENCY_MSG);
    expect(await h.sql('SELECT 1 FROM members WHERE class_id = $1', [c.class_id])).toHaveLength(1);

    const res = await h.call('POST', `/api/classes/${c.class_id}/members`, teacher, {
      students: [{ student_id: s1.userId, frequency: 'biweekly' }, { student_id: s2.userId }, { student_id: s3.userId, frequency: null }],
    });
    expect(res.status).toBe(201);
    expect(res.body.members.map((m: { user_id: string; frequency: string }) => [m.user_id, m.frequency])).toEqual([
      [s1.userId, 'biweekly'],
      [s2.userId, 'weekly'],
      [s3.userId, 'biweekly'],
    ]);
    await h.call('DELETE', `/api/classes/${c.class_id}`, teacher);
  });
});
