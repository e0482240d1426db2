import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, labels, lesson, member, startHarness, week, type Harness, type StubClass, type StubMember } from './helpers.js';

/** A double click on "Speichern" of a new schedule: the same request twice at once is one schedule, answered the same. */

let h: Harness;
let cls: StubClass;
let anna: StubMember;

beforeAll(async () => {
  h = await startHarness();
  anna = member('Anna Müller', 45, { '0': labels('9.00', '12.00') });
  cls = h.world.addClass(h.teacherId, [anna], { '0': labels('9.00', '12.00') });
});

afterAll(async () => {
  await h?.stop();
});

describe('POST /api/classes/{id}/schedules twice', () => {
  it('parallel identical saves of a new schedule: one schedule, the same 201 answer for each, no 409', async () => {
    const body = { name: 'Doppelklick', description: 'Winter', available_times: week({ '0': lesson(anna.memberId, '9.00', 45) }), pinned: [anna.memberId] };
    const saves = await Promise.all([1, 2, 3].map(() => api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body)));
    expect(saves.map((s) => s.status)).toEqual([201, 201, 201]);
    expect(saves[1]!.body).toEqual(saves[0]!.body);
    expect(saves[2]!.body).toEqual(saves[0]!.body);
    // A moment later, the same again (a retry): still the same answer.
    const again = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, body);
    expect(again).toMatchObject({ status: 201, body: saves[0]!.body });
    const list = await api(h, 'GET', `/api/classes/${cls.classId}/schedules`, h.teacher);
    expect(list.body.schedules.filter((s: { name: string }) => s.name === 'Doppelklick')).toHaveLength(1);
  });

  it('the same name with other content is still a 409 with the existing id', async () => {
    const first = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Anders', available_times: week() });
    const other = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, {
      name: 'Anders',
      available_times: week({ '0': lesson(anna.memberId, '10.00', 45) }),
    });
    expect(other.status).toBe(409);
    expect(other.body.existing_id).toBe(first.body.id);
    const otherText = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Anders', description: 'neu', available_times: week() });
    expect(otherText.status).toBe(409);
  });
});
