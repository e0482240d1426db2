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
});
