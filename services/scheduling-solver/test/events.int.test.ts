import { randomUUID } from 'node:crypto';
import { InvalidEventError, sharedInProcessBus, Topic, type EventEnvelope, type EventPayload } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, api, labels, lesson, member, startHarness, waitFor, week, type Harness } from './helpers.js';

/** Consumed events: class.deleted.v1 and member.removed.v1, idempotent. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

function envelope<T extends Topic>(topic: T, key: string, payload: EventPayload<T>, id = randomUUID()): EventEnvelope<T> {
  return { id, topic, key, version: 1, occurredAt: new Date().toISOString(), payload };
}

async function deliver<T extends Topic>(event: EventEnvelope<T>): Promise<void> {
  const bus = sharedInProcessBus();
  await bus.publish(event);
  await bus.drain();
}

async function processed(eventId: string): Promise<number> {
  const r = await adminQuery(`SELECT count(*)::int AS n FROM "${h.schema}".processed_events WHERE event_id = $1`, [eventId]);
  return Number(r.rows[0]?.n);
}

describe('class.deleted.v1', () => {
  it("deletes that class's schedules and solve history, and nothing else", async () => {
    const a = member('Anna', 30, { '0': labels('9.00', '10.00') });
    const gone = h.world.addClass(h.teacherId, [a], { '0': labels('9.00', '10.00') });
    const kept = h.world.addClass(h.teacherId, [a]);
    for (const c of [gone, kept]) {
      for (const name of ['Plan 1', 'Plan 2']) {
        const res = await api(h, 'POST', `/api/classes/${c.classId}/schedules`, h.teacher, {
          name,
          available_times: week({ '0': lesson(a.memberId, '9.00', 30) }),
        });
        expect(res.status).toBe(201);
      }
    }
    expect(
      (await api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, { wiggleRoom: 0, selectedClass: gone.classId, timePreferences: {} })).status,
    ).toBe(200);

    const event = envelope(Topic.ClassDeleted, gone.classId, { class_id: gone.classId, teacher_id: h.teacherId });
    await deliver(event);
    await waitFor(async () => (await processed(event.id)) === 1);
    const left = await adminQuery(`SELECT class_id FROM "${h.schema}".schedules WHERE class_id = ANY($1::uuid[])`, [[gone.classId, kept.classId]]);
    expect(left.rows.map((r) => r.class_id)).toEqual([kept.classId, kept.classId]);
    const runs = await adminQuery(`SELECT count(*)::int AS n FROM "${h.schema}".solve_runs WHERE class_id = $1`, [gone.classId]);
    expect(runs.rows[0]?.n).toBe(0);

    // The same event again (redelivery) and a second event for the same class change nothing.
    await deliver(event);
    await deliver(envelope(Topic.ClassDeleted, gone.classId, { class_id: gone.classId, teacher_id: h.teacherId }));
    const after = await adminQuery(`SELECT count(*)::int AS n FROM "${h.schema}".schedules WHERE class_id = $1`, [kept.classId]);
    expect(after.rows[0]?.n).toBe(2);
    expect(await processed(event.id)).toBe(1);
  });
});

describe('class.data-expired.v1 (retention)', () => {
  it("deletes that class's saved schedules (they carry the members' names and times), and nothing else", async () => {
    const a = member('Anna', 30, {});
    const expired = h.world.addClass(h.teacherId, [a]);
    const kept = h.world.addClass(h.teacherId, [a]);
    for (const c of [expired, kept]) {
      const res = await api(h, 'POST', `/api/classes/${c.classId}/schedules`, h.teacher, {
        name: 'Plan',
        available_times: week({ '0': lesson(a.memberId, '9.00', 30) }),
      });
      expect(res.status).toBe(201);
    }
    const event = envelope(Topic.ClassDataExpired, expired.classId, { class_id: expired.classId, teacher_id: h.teacherId });
    await deliver(event);
    await waitFor(async () => (await processed(event.id)) === 1);
    const left = await adminQuery(`SELECT class_id FROM "${h.schema}".schedules WHERE class_id = ANY($1::uuid[])`, [[expired.classId, kept.classId]]);
    expect(left.rows.map((r) => r.class_id)).toEqual([kept.classId]);
  });
});

describe('member.removed.v1', () => {
  it("removes that member's entries and pin from the class's saved schedules only", async () => {
    const a = member('Anna', 45, {});
    const b = member('Ben', 30, {});
    const cls = h.world.addClass(h.teacherId, [a, b]);
    const otherCls = h.world.addClass(h.teacherId, [a, b]);
    const times = week({ '0': [...lesson(a.memberId, '9.00', 45), ...lesson(b.memberId, '10.00', 30)], '3': lesson(a.memberId, '14.00', 45) });
    const s1 = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, {
      name: 'Eins',
      available_times: times,
      pinned: [a.memberId, b.memberId],
    });
    const s2 = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, {
      name: 'Nur Ben',
      available_times: week({ '1': lesson(b.memberId, '9.00', 30) }),
    });
    const s3 = await api(h, 'POST', `/api/classes/${otherCls.classId}/schedules`, h.teacher, { name: 'Andere Klasse', available_times: times });
    const before2 = (await api(h, 'GET', `/api/schedules/${s2.body.id}`, h.teacher)).body;

    const event = envelope(Topic.MemberRemoved, cls.classId, { class_id: cls.classId, member_id: a.memberId, user_id: null });
    await deliver(event);
    await waitFor(async () => (await processed(event.id)) === 1);

    const one = (await api(h, 'GET', `/api/schedules/${s1.body.id}`, h.teacher)).body;
    expect(one.available_times).toEqual(week({ '0': lesson(b.memberId, '10.00', 30) }));
    expect(one.pinned).toEqual([b.memberId]);
    const two = (await api(h, 'GET', `/api/schedules/${s2.body.id}`, h.teacher)).body;
    expect(two).toEqual(before2);
    const three = (await api(h, 'GET', `/api/schedules/${s3.body.id}`, h.teacher)).body;
    expect(three.available_times).toEqual(times);

    await deliver(event);
    await deliver(envelope(Topic.MemberRemoved, cls.classId, { class_id: cls.classId, member_id: a.memberId, user_id: null }));
    expect((await api(h, 'GET', `/api/schedules/${s1.body.id}`, h.teacher)).body.available_times).toEqual(week({ '0': lesson(b.memberId, '10.00', 30) }));
  });

  it('never receives a malformed payload: the bus refuses it', async () => {
    // @ts-expect-error member_id and user_id are missing
    const event = envelope(Topic.MemberRemoved, 'x', { class_id: 'not-a-uuid' });
    await expect(deliver(event)).rejects.toThrow(InvalidEventError);
    expect(await processed(event.id)).toBe(0);
  });
});
