import { randomUUID } from 'node:crypto';
import { callUnary } from '@stundenplan/base';
import { schedulingV1 } from '@stundenplan/proto';
import { testServiceClient } from '@stundenplan/base/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, lesson, week } from './helpers.js';
import { twoLessons, useScheduleWorld } from './schedule-world.js';

/** Saved schedules: who may read and write them, gRPC GetLatestSchedule, and the idempotent PUT under the schedule id. */

const w = useScheduleWorld();
const plan = () => twoLessons(w.anna, w.ben);

describe('authorization', () => {
  let mine: string;
  beforeAll(async () => {
    mine = (await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { name: 'Privat', available_times: plan() })).body.id;
  });

  it('no session: 401', async () => {
    expect((await api(w.h, 'GET', `/api/classes/${w.cls.classId}/schedules`)).status).toBe(401);
    expect((await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, undefined, { name: 'x' })).status).toBe(401);
  });

  it('students: 403 with the SPEC text', async () => {
    for (const [m, p] of [
      ['GET', `/api/classes/${w.cls.classId}/schedules`],
      ['GET', `/api/schedules?class_id=${w.cls.classId}`],
      ['GET', `/api/schedules/${mine}`],
      ['POST', `/api/classes/${w.cls.classId}/schedules`],
      ['POST', `/api/classes/${w.cls.classId}/schedules/${mine}`],
      ['DELETE', `/api/classes/${w.cls.classId}/schedules/${mine}`],
    ] as const) {
      const res = await api(w.h, m, p, w.h.student, m === 'POST' ? { name: 'x', available_times: week() } : undefined);
      expect(res.status, `${m} ${p}`).toBe(403);
      expect(res.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
    }
  });

  it("another teacher's class or schedule: 404, same answer as a class that does not exist", async () => {
    const calls: [string, string][] = [
      ['GET', `/api/classes/${w.cls.classId}/schedules`],
      ['GET', `/api/schedules?class_id=${w.cls.classId}`],
      ['POST', `/api/classes/${w.cls.classId}/schedules`],
      ['POST', `/api/classes/${w.cls.classId}/schedules/${mine}`],
      ['DELETE', `/api/classes/${w.cls.classId}/schedules/${mine}`],
    ];
    for (const [m, p] of calls) {
      const res = await api(w.h, m, p, w.h.otherTeacher, m === 'POST' ? { name: 'Fremd', available_times: week() } : undefined);
      expect(res.status, `${m} ${p}`).toBe(404);
      expect(res.body).toEqual({ detail: 'Klasse nicht gefunden' });
    }
    const unknown = await api(w.h, 'GET', `/api/classes/${randomUUID()}/schedules`, w.h.teacher);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Klasse nicht gefunden' });
    expect((await api(w.h, 'GET', `/api/classes/not-a-uuid/schedules`, w.h.teacher)).status).toBe(404);

    const foreign = await api(w.h, 'GET', `/api/schedules/${mine}`, w.h.otherTeacher);
    expect(foreign).toEqual({ status: 404, body: { detail: 'Stundenplan nicht gefunden' } });
    expect(await api(w.h, 'GET', `/api/schedules/${randomUUID()}`, w.h.teacher)).toEqual({ status: 404, body: { detail: 'Stundenplan nicht gefunden' } });
    expect((await api(w.h, 'GET', `/api/schedules/nonsense`, w.h.teacher)).status).toBe(404);

    // The other teacher's own class cannot reach my schedule id either.
    const cross = await api(w.h, 'POST', `/api/classes/${w.otherCls.classId}/schedules/${mine}`, w.h.otherTeacher, { name: 'x', available_times: week() });
    expect(cross).toEqual({ status: 404, body: { detail: 'Stundenplan nicht gefunden' } });
    const crossDel = await api(w.h, 'DELETE', `/api/classes/${w.otherCls.classId}/schedules/${mine}`, w.h.otherTeacher);
    expect(crossDel.status).toBe(404);
    // Still there and unchanged.
    expect((await api(w.h, 'GET', `/api/schedules/${mine}`, w.h.teacher)).body.name).toBe('Privat');
  });

  it('a missing class_id on the list path', async () => {
    const res = await api(w.h, 'GET', `/api/schedules`, w.h.teacher);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Keine Klasse ausgewählt');
  });
});

describe('gRPC GetLatestSchedule', () => {
  it('answers the newest schedule of a class by created_at, NOT_FOUND otherwise', async () => {
    const c = w.h.world.addClass(w.h.teacherId, [w.anna]);
    const client = testServiceClient(schedulingV1.SchedulingServiceClient, `127.0.0.1:${w.h.svc.grpcPort}`, 'scheduling-solver');
    try {
      await expect(callUnary(client.getLatestSchedule.bind(client), client, { classId: c.classId, teacherId: '' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await api(w.h, 'POST', `/api/classes/${c.classId}/schedules`, w.h.teacher, { name: 'Alt', available_times: week() });
      await new Promise((r) => setTimeout(r, 5));
      const newest = await api(w.h, 'POST', `/api/classes/${c.classId}/schedules`, w.h.teacher, {
        name: 'Neu',
        description: 'neu',
        available_times: week({ '0': lesson(w.anna.memberId, '9.00', 45) }),
        pinned: [w.anna.memberId],
      });
      const res = await callUnary(client.getLatestSchedule.bind(client), client, { classId: c.classId, teacherId: w.h.teacherId });
      expect(res).toMatchObject({
        scheduleId: newest.body.id,
        name: 'Neu',
        description: 'neu',
        classId: c.classId,
        teacherId: w.h.teacherId,
        pinnedMemberIds: [w.anna.memberId],
      });
      // The times as Timestamps, beside the deprecated ISO strings they replace.
      expect(res.createTime?.toISOString()).toBe(res.createdAt);
      expect(res.updateTime?.toISOString()).toBe(res.updatedAt);
      const lessons = [0, 1, 2].map((q) => ({ label: ['9.00', '9.15', '9.30'][q], memberId: w.anna.memberId, week: '' }));
      expect(res.availableTimes).toEqual({
        0: { slots: lessons },
        1: { slots: [] },
        2: { slots: [] },
        3: { slots: [] },
        4: { slots: [] },
        5: { slots: [] },
        6: { slots: [] },
      });
      await expect(callUnary(client.getLatestSchedule.bind(client), client, { classId: c.classId, teacherId: w.h.otherTeacherId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    } finally {
      client.close();
    }
  });
});

describe('PUT: idempotent save under the schedule id', () => {
  const body = (name: string) => ({ name, description: null, class_id: w.cls.classId, available_times: plan(), pinned: [] });

  it('updates an existing schedule (200) and keeps its id', async () => {
    const created = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, body('Upsert bestehend'));
    expect(created.status).toBe(201);
    const put = await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher, {
      ...body('Upsert geändert'),
      description: 'neu',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.body.id, name: 'Upsert geändert', description: 'neu', class_id: w.cls.classId });
    const loaded = await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher);
    expect(loaded.body).toMatchObject({ name: 'Upsert geändert', description: 'neu', available_times: plan() });
  });

  it('creates a missing schedule under the given id (201); the same PUT again updates it (200), no second schedule', async () => {
    const id = randomUUID();
    const first = await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/${id}`, w.h.teacher, body('Upsert neu'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, name: 'Upsert neu', class_id: w.cls.classId });
    const again = await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/${id}`, w.h.teacher, body('Upsert neu'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, name: 'Upsert neu' });
    const list = await api(w.h, 'GET', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher);
    expect((list.body.schedules as { name: string }[]).filter((s) => s.name === 'Upsert neu')).toHaveLength(1);
  });

  it('a deleted schedule is created again under its id', async () => {
    const created = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, body('Upsert gelöscht'));
    expect((await api(w.h, 'DELETE', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher)).status).toBe(200);
    const put = await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/${created.body.id}`, w.h.teacher, body('Upsert gelöscht'));
    expect(put.status).toBe(201);
    expect((await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher)).status).toBe(200);
  });

  it('a name taken by another schedule of the class is a 409 with its id', async () => {
    const taken = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, body('Upsert vergeben'));
    const put = await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/${randomUUID()}`, w.h.teacher, body('Upsert vergeben'));
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ existing_id: taken.body.id });
  });

  it('refuses another teacher, a student and no session; writes nothing', async () => {
    const created = await api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, body('Upsert geschützt'));
    const path = `/api/classes/${w.cls.classId}/schedules/${created.body.id}`;
    const fresh = `/api/classes/${w.cls.classId}/schedules/${randomUUID()}`;

    // Another teacher: the class is not theirs (404 in schedule calls), neither for an existing nor for a new id.
    expect((await api(w.h, 'PUT', path, w.h.otherTeacher, body('Fremd'))).status).toBe(404);
    expect((await api(w.h, 'PUT', fresh, w.h.otherTeacher, body('Fremd'))).status).toBe(404);
    // ... nor through their own class: the schedule belongs to another class.
    expect((await api(w.h, 'PUT', `/api/classes/${w.otherCls.classId}/schedules/${created.body.id}`, w.h.otherTeacher, body('Fremd'))).status).toBe(404);
    // A student and no session.
    expect((await api(w.h, 'PUT', path, w.h.student, body('Fremd'))).status).toBe(403);
    expect((await api(w.h, 'PUT', path, undefined, body('Fremd'))).status).toBe(401);

    const loaded = await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher);
    expect(loaded.body).toMatchObject({ name: 'Upsert geschützt' });
    const list = await api(w.h, 'GET', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher);
    expect((list.body.schedules as { name: string }[]).some((s) => s.name === 'Fremd')).toBe(false);
  });

  it('an id that is not a UUID is not found', async () => {
    expect((await api(w.h, 'PUT', `/api/classes/${w.cls.classId}/schedules/kein-plan`, w.h.teacher, body('Upsert kaputt'))).status).toBe(404);
  });
});
