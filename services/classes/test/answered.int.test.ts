import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createClass, startHarness, type Actor, type Harness } from './helpers.js';

/** GET /api/me/classes tells per class how many members have entered times. */

let h: Harness;
let teacher: Actor;

beforeAll(async () => {
  h = await startHarness();
  teacher = await h.teacher();
});
afterAll(async () => h?.stop());

const listed = async (t: Actor, classId: string) =>
  (await h.call('GET', '/api/me/classes', t)).body.classes.find((c: { class_id: string }) => c.class_id === classId);

describe('answered_count', () => {
  it('counts own times of verified students and teacher-entered times, not members without any', async () => {
    const t = await h.teacher();
    const empty = await createClass(h, t, 'Leer');
    const c = await createClass(h, t, 'Gezählt');
    const registered = await h.student();
    const silent = await h.student();
    h.availability!.userTimes.set(registered.userId, { '1': ['10.00'] });
    const added = await h.call('POST', `/api/classes/${c.class_id}/members`, t, {
      students: [{ student_id: registered.userId }, { student_id: silent.userId }],
    });
    const [withTimes, without] = await addMembers(h, t, c.class_id, [{ name: 'Mit Zeiten' }, { name: 'Ohne Zeiten' }]);
    h.availability!.memberTimes.set(withTimes!.member_id, { '0': ['9.00'] });
    expect(without).toBeTruthy();

    // Added from the search but not verified yet: the student's own times are not the teacher's to count.
    expect(await listed(t, c.class_id)).toMatchObject({ member_count: 4, answered_count: 1 });
    const member_id = added.body.members.find((m: { user_id: string }) => m.user_id === registered.userId).member_id;
    expect((await h.call('POST', '/api/students/verify-class', registered, { class_id: c.class_id, member_id })).status).toBe(200);
    expect(await listed(t, c.class_id)).toMatchObject({ member_count: 4, answered_count: 2 });
    expect(await listed(t, empty.class_id)).toMatchObject({ member_count: 0, answered_count: 0 });
  });

  it('is null (unknown) when the availability service does not answer, and the list still loads', async () => {
    const t = await h.teacher();
    const c = await createClass(h, t, 'Ausfall');
    await addMembers(h, t, c.class_id, [{ name: 'Anna Aus' }]);
    h.availability!.fail = true;
    try {
      const res = await h.call('GET', '/api/me/classes', t);
      expect(res.status).toBe(200);
      expect(res.body.classes[0]).toMatchObject({ class_id: c.class_id, member_count: 1, answered_count: null });
    } finally {
      h.availability!.fail = false;
    }
  });

  it("another teacher's list does not contain the class", async () => {
    const c = await createClass(h, teacher, 'Privat');
    const other = await h.teacher();
    expect(await listed(other, c.class_id)).toBeUndefined();
  });
});
