import { randomUUID } from 'node:crypto';
import { callUnary, sharedInProcessBus, Topic } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { schedulingV1 } from '@stundenplan/proto';
import { describe, expect, it } from 'vitest';
import { adminQuery, api, member, waitFor } from './helpers.js';
import { twoLessons, useScheduleWorld } from './schedule-world.js';

/** Saved schedules with rooms (issue 40, ADR 0034): save, load, GetLatestSchedule, refusals, member removal. */
const w = useScheduleWorld();
const SITE = randomUUID();
const room = (name: string) => ({ roomId: randomUUID(), name, siteId: SITE, siteName: 'Haupthaus', equipment: [], alwaysOpen: true, open: [] });
const r1 = room('Raum 1');
const r2 = room('Raum 2');

function withSchool(): string {
  const schoolId = randomUUID();
  w.h.world.roomPlanning.set(schoolId, { rooms: [r1, r2], travel: [], taken: [], teacherLessons: [] });
  w.cls.school = { schoolId, siteIds: [], needs: [] };
  return schoolId;
}

const save = (body: Record<string, unknown>) =>
  api(w.h, 'POST', `/api/classes/${w.cls.classId}/schedules`, w.h.teacher, { available_times: twoLessons(w.anna, w.ben), ...body });

describe('saved schedules with rooms', () => {
  it('round trip: saved rooms come back as ids with a snapshot of name and site, also over gRPC', async () => {
    withSchool();
    const created = await save({ name: 'Mit Räumen', rooms: { [w.anna.memberId]: r1.roomId, [w.ben.memberId]: r2.roomId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const loaded = await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher);
    expect(loaded.body.rooms).toEqual({ [w.anna.memberId]: r1.roomId, [w.ben.memberId]: r2.roomId });
    expect(loaded.body.room_details).toEqual({
      [w.anna.memberId]: { id: r1.roomId, name: 'Raum 1', site_id: SITE, site_name: 'Haupthaus' },
      [w.ben.memberId]: { id: r2.roomId, name: 'Raum 2', site_id: SITE, site_name: 'Haupthaus' },
    });

    // The snapshot stays when the school renames the room later.
    r1.name = 'Raum 1 (neu)';
    expect((await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher)).body.room_details[w.anna.memberId].name).toBe('Raum 1');
    r1.name = 'Raum 1';

    const client = testServiceClient(schedulingV1.SchedulingServiceClient, `127.0.0.1:${w.h.svc.grpcPort}`, 'scheduling-solver');
    try {
      const latest = await callUnary(client.getLatestSchedule.bind(client), client, { classId: w.cls.classId, teacherId: w.h.teacherId });
      expect(latest.scheduleId).toBe(created.body.id);
      expect(latest.rooms).toEqual({
        [w.anna.memberId]: { roomId: r1.roomId, name: 'Raum 1', siteId: SITE, siteName: 'Haupthaus' },
        [w.ben.memberId]: { roomId: r2.roomId, name: 'Raum 2', siteId: SITE, siteName: 'Haupthaus' },
      });
    } finally {
      client.close();
    }
  });

  it('drops the room of a member without a lesson; member.removed.v1 removes the member’s room', async () => {
    withSchool();
    const extra = member('Carla', 30, {});
    w.cls.members.push(extra);
    const created = await save({ name: 'Ohne Carla', rooms: { [w.anna.memberId]: r1.roomId, [extra.memberId]: r2.roomId } });
    expect(created.status).toBe(201);
    const loaded = await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher);
    expect(loaded.body.rooms).toEqual({ [w.anna.memberId]: r1.roomId });
    w.cls.members.pop();
    const { rows } = await adminQuery<{ rooms: Record<string, unknown> }>(`SELECT rooms FROM "${w.h.schema}".schedules WHERE id = $1`, [created.body.id]);
    expect(Object.keys(rows[0]!.rooms)).toEqual([w.anna.memberId]);

    // member.removed.v1 takes Anna's lesson and her room out of the saved schedule.
    const bus = sharedInProcessBus();
    const id = randomUUID();
    await bus.publish({
      id,
      topic: Topic.MemberRemoved,
      key: w.cls.classId,
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { class_id: w.cls.classId, member_id: w.anna.memberId, user_id: null },
    });
    await bus.drain();
    await waitFor(async () => {
      const r = await adminQuery(`SELECT count(*)::int AS n FROM "${w.h.schema}".processed_events WHERE event_id = $1`, [id]);
      return Number(r.rows[0]?.n) === 1;
    });
    expect((await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher)).body).toMatchObject({ rooms: {}, room_details: {} });
  });

  it('refuses rooms of strangers, unknown rooms and rooms without a school in German', async () => {
    withSchool();
    const stranger = randomUUID();
    const unknownRoom = randomUUID();
    const cases: [Record<string, unknown>, string][] = [
      [{ rooms: { [stranger]: r1.roomId } }, `Diese Räume gehören zu Studierenden, die nicht in der Klasse sind: ${stranger}.`],
      [{ rooms: { [w.anna.memberId]: unknownRoom } }, `Unbekannter Raum: „${unknownRoom}“ gehört nicht zur Schule der Klasse.`],
      [{ rooms: { [w.anna.memberId]: 7 } }, 'Ungültige Angabe der Räume: erwartet wird ein Objekt von member_id zu Raum-Id.'],
      [{ rooms: [r1.roomId] }, 'Ungültige Angabe der Räume: erwartet wird ein Objekt von member_id zu Raum-Id.'],
    ];
    for (const [body, detail] of cases) {
      const res = await save({ name: `Falsch ${randomUUID()}`, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    w.cls.school = undefined;
    const noSchool = await save({ name: 'Keine Schule', rooms: { [w.anna.memberId]: r1.roomId } });
    expect(noSchool).toMatchObject({
      status: 400,
      body: { detail: 'Die Klasse hat keine Schule: Räume können nur für eine Klasse mit Schule gespeichert werden.' },
    });
    // Without rooms the school is not asked at all.
    const before = w.h.world.calls.length;
    expect((await save({ name: 'Ohne Räume' })).status).toBe(201);
    expect(w.h.world.calls.slice(before).map((c) => c.method)).not.toContain('GetRoomPlanning');
  });

  it('GetLatestSchedule (the sending): a free suitable room for a lesson saved without; the rooms as named now', async () => {
    const schoolId = withSchool();
    const plain = { ...room('Raum 3'), equipment: [] };
    const grand = (name: string) => ({ ...room(name), equipment: ['grand_piano'] });
    const g1 = grand('Flügel 1');
    const g2 = grand('Flügel 2');
    // Flügel 1 is another class's on Monday 10.00-10.30 (Ben's lesson), Raum 3 has no grand piano.
    w.h.world.roomPlanning.set(schoolId, {
      rooms: [plain, g1, g2],
      travel: [],
      taken: [{ roomId: g1.roomId, span: { day: 0, start: 40, end: 42 }, week: '', classId: randomUUID(), siteId: SITE }],
      teacherLessons: [],
    });
    w.cls.school = { schoolId, siteIds: [], needs: ['grand_piano'] };
    const created = await save({ name: `Ben ohne Raum ${randomUUID()}`, rooms: { [w.anna.memberId]: g1.roomId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const client = testServiceClient(schedulingV1.SchedulingServiceClient, `127.0.0.1:${w.h.svc.grpcPort}`, 'scheduling-solver');
    try {
      const latest = await callUnary(client.getLatestSchedule.bind(client), client, { classId: w.cls.classId, teacherId: w.h.teacherId });
      expect(latest.rooms).toEqual({
        [w.anna.memberId]: { roomId: g1.roomId, name: 'Flügel 1', siteId: SITE, siteName: 'Haupthaus' },
        [w.ben.memberId]: { roomId: g2.roomId, name: 'Flügel 2', siteId: SITE, siteName: 'Haupthaus' },
      });
      // A room renamed since the save is sent with its name of now; the saved schedule keeps the snapshot.
      g1.name = 'Flügelsaal';
      const renamed = await callUnary(client.getLatestSchedule.bind(client), client, { classId: w.cls.classId, teacherId: w.h.teacherId });
      expect(renamed.rooms[w.anna.memberId]!.name).toBe('Flügelsaal');
      expect((await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher)).body.room_details[w.anna.memberId].name).toBe('Flügel 1');
      // No free suitable room: Ben's lesson stays without one, Anna keeps hers.
      w.h.world.roomPlanning.get(schoolId)!.rooms = [plain, g1];
      const none = await callUnary(client.getLatestSchedule.bind(client), client, { classId: w.cls.classId, teacherId: w.h.teacherId });
      expect(Object.keys(none.rooms)).toEqual([w.anna.memberId]);
      // The school unreachable: the saved rooms only, the sending goes on.
      w.h.world.roomPlanning.delete(schoolId);
      const down = await callUnary(client.getLatestSchedule.bind(client), client, { classId: w.cls.classId, teacherId: w.h.teacherId });
      expect(Object.keys(down.rooms)).toEqual([w.anna.memberId]);
      expect(down.rooms[w.anna.memberId]!.name).toBe('Flügel 1');
    } finally {
      client.close();
    }
    expect((await api(w.h, 'GET', `/api/schedules/${created.body.id}`, w.h.teacher)).body.rooms).toEqual({ [w.anna.memberId]: g1.roomId });
    w.cls.school = undefined;
  });
});
