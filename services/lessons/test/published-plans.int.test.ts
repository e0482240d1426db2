import { randomUUID } from 'node:crypto';
import { Topic, type ScheduleSentPayload } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, dropSchemas, sql, startLessons, type TestLessons } from './helpers.js';

/** schedule.sent.v1 from the notification service becomes a published plan, once per sending; it goes with its class. */

let l: TestLessons;
beforeAll(async () => {
  l = await startLessons();
});
afterAll(async () => {
  await l?.svc.stop();
  await dropSchemas(l ? [l.schema] : []);
});

const plan = (classId: string, over: Partial<ScheduleSentPayload> = {}): ScheduleSentPayload => ({
  sending_id: randomUUID(),
  class_id: classId,
  teacher_id: randomUUID(),
  schedule_id: randomUUID(),
  lessons: { [randomUUID()]: [{ day: 1, start: 60, end: 63 }], [randomUUID()]: [{ day: 3, start: 64, end: 66, week: 'A' }] },
  from: '2027-03-01',
  until: '2027-06-30',
  informed_member_ids: null,
  sent_at: new Date().toISOString(),
  ...over,
});

const plansOf = (classId: string) =>
  sql<{ sending_id: string; lessons: unknown; calendar_from: string; calendar_until: string; informed_member_ids: unknown }>(
    `SELECT sending_id::text, lessons, calendar_from::text, calendar_until::text, informed_member_ids FROM "${l.schema}".published_plans WHERE class_id = $1 ORDER BY sent_at`,
    [classId],
  );

describe('published plans', () => {
  it('keeps each sent plan as the students got it, once per sending even when the event comes twice', async () => {
    const classId = randomUUID();
    const first = plan(classId, { sent_at: '2027-02-01T10:00:00.000Z' });
    const second = plan(classId, { sent_at: '2027-02-08T10:00:00.000Z', informed_member_ids: [randomUUID()] });
    await deliver(Topic.ScheduleSent, first);
    await deliver(Topic.ScheduleSent, second);
    await deliver(Topic.ScheduleSent, { ...second, lessons: {} });
    const rows = await plansOf(classId);
    expect(rows).toEqual([
      { sending_id: first.sending_id, lessons: first.lessons, calendar_from: '2027-03-01', calendar_until: '2027-06-30', informed_member_ids: null },
      {
        sending_id: second.sending_id,
        lessons: second.lessons,
        calendar_from: '2027-03-01',
        calendar_until: '2027-06-30',
        informed_member_ids: second.informed_member_ids,
      },
    ]);
    const latest = await l.svc.deps.plans.latest([classId, randomUUID()]);
    expect([...latest.keys()]).toEqual([classId]);
    expect(latest.get(classId)).toMatchObject({ sendingId: second.sending_id, lessons: second.lessons, from: '2027-03-01', until: '2027-06-30' });
  });

  it('keeps each lesson’s room (a class of a school); a lesson without one has no room key', async () => {
    const classId = randomUUID();
    const [anna, ben] = [randomUUID(), randomUUID()];
    const room = { id: randomUUID(), name: 'Raum 1.01', site_id: randomUUID(), site_name: 'Hauptstelle' };
    const sent = plan(classId, {
      lessons: {
        [anna]: [{ day: 1, start: 60, end: 63, room }],
        [ben]: [
          { day: 3, start: 64, end: 66, week: 'A', room: null },
          { day: 4, start: 40, end: 42 },
        ],
      },
    });
    await deliver(Topic.ScheduleSent, sent);
    const expected = {
      [anna]: [{ day: 1, start: 60, end: 63, room }],
      [ben]: [
        { day: 3, start: 64, end: 66, week: 'A' },
        { day: 4, start: 40, end: 42 },
      ],
    };
    expect((await plansOf(classId))[0]!.lessons).toEqual(expected);
    const latest = (await l.svc.deps.plans.latest([classId])).get(classId)!;
    expect(latest.lessons).toEqual(expected);
    expect(latest.lessons[ben]![0]).not.toHaveProperty('room');
  });

  it('forgets a class’s plans when the class is deleted or its data expires, and no other class’s', async () => {
    const [gone, expired, kept] = [randomUUID(), randomUUID(), randomUUID()];
    for (const c of [gone, expired, kept]) await deliver(Topic.ScheduleSent, plan(c));
    await deliver(Topic.ClassDeleted, { class_id: gone, teacher_id: randomUUID() });
    await deliver(Topic.ClassDataExpired, { class_id: expired, teacher_id: randomUUID() });
    expect(await plansOf(gone)).toEqual([]);
    expect(await plansOf(expired)).toEqual([]);
    expect(await plansOf(kept)).toHaveLength(1);
  });
});
