import { callUnary } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { schedulingV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, labels, lesson, member, startHarness, week, type Harness } from './helpers.js';

/** docs/product/planning.md "14-day lessons": biweekly members planned over weeks A and B; saved schedules and pins keep the week. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SOLVER_TIME_LIMIT_S: '15' });
});
afterAll(async () => {
  await h?.stop();
});

const calc = (body: unknown) => api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, body);
const monday = { '0': labels('9.00', '10.00') };
const withWeek = (entries: [string, string][], w: 'A' | 'B'): [string, string, 'A' | 'B'][] => entries.map(([l, id]) => [l, id, w]);
type Placed = { member_id: string; start: string; end: string; day: number; week: 'A' | 'B' | null; pinned: boolean };

describe('biweekly members in the calculation', () => {
  it('two biweekly students share the only hour in alternating weeks; a weekly one holds it in both', async () => {
    const anna = member('Anna Alt', 60, monday, { frequency: 'biweekly' });
    const ben = member('Ben Bart', 60, monday, { frequency: 'biweekly' });
    const cls = h.world.addClass(h.teacherId, [anna, ben], monday);
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary).toMatchObject({ placed: 2, proven: true });
    const placements = res.body.placements as Placed[];
    expect(placements.map((p) => [p.day, p.start, p.end]).sort()).toEqual([
      [0, '9.00', '10.00'],
      [0, '9.00', '10.00'],
    ]);
    expect(placements.map((p) => p.week).sort()).toEqual(['A', 'B']);
    // The working form holds one member per quarter hour: the week-A lesson.
    expect(res.body.timetable.Montag['09:00']).toBe(placements.find((p) => p.week === 'A')!.member_id);

    const weekly = h.world.addClass(h.teacherId, [member('Carl Weekly', 60, monday), member('Dora Bi', 60, monday, { frequency: 'biweekly' })], monday);
    const one = await calc({ wiggleRoom: 1, selectedClass: weekly.classId });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.summary.placed).toBe(1);
    expect(one.body.placements[0].week).toBeNull();
  });

  it('a pin keeps a biweekly lesson in its week; a weekly member ignores the pin week', async () => {
    const anna = member('Anna Alt', 60, monday, { frequency: 'biweekly' });
    const ben = member('Ben Bart', 60, monday, { frequency: 'biweekly' });
    const cls = h.world.addClass(h.teacherId, [anna, ben], monday);
    for (const w of ['A', 'B'] as const) {
      const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, pinned: [{ member_id: anna.memberId, day: 0, start: '9.00', week: w }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const byId = new Map((res.body.placements as Placed[]).map((p) => [p.member_id, p]));
      expect(byId.get(anna.memberId)).toMatchObject({ week: w, pinned: true });
      expect(byId.get(ben.memberId)!.week).toBe(w === 'A' ? 'B' : 'A');
    }
    // Both pinned into the same week of the same hour: refused as an overlap.
    const clash = await calc({
      wiggleRoom: 0,
      selectedClass: cls.classId,
      pinned: [
        { member_id: anna.memberId, day: 0, start: '9.00', week: 'B' },
        { member_id: ben.memberId, day: 0, start: '9.00', week: 'B' },
      ],
    });
    expect(clash.status).toBe(400);
    const bad = await calc({ wiggleRoom: 0, selectedClass: cls.classId, pinned: [{ member_id: anna.memberId, day: 0, start: '9.00', week: 'C' }] });
    expect(bad.status).toBe(400);

    const weekly = member('Carl Weekly', 60, monday);
    const wc = h.world.addClass(h.teacherId, [weekly], monday);
    const res = await calc({ wiggleRoom: 0, selectedClass: wc.classId, pinned: [{ member_id: weekly.memberId, day: 0, start: '9.00', week: 'B' }] });
    expect(res.body.placements[0]).toMatchObject({ member_id: weekly.memberId, week: null, pinned: true });
  });

  it('saves the weeks, answers them over HTTP and gRPC, and a re-plan from the saved schedule keeps them', async () => {
    const anna = member('Anna Alt', 60, monday, { frequency: 'biweekly' });
    const ben = member('Ben Bart', 60, monday, { frequency: 'biweekly' });
    const cls = h.world.addClass(h.teacherId, [anna, ben], monday);
    const available_times = { ...week(), '0': [...withWeek(lesson(anna.memberId, '9.00', 60), 'B'), ...withWeek(lesson(ben.memberId, '9.00', 60), 'A')] };
    const saved = await api(h, 'POST', `/api/classes/${cls.classId}/schedules`, h.teacher, { name: 'Zwei Wochen', available_times });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const loaded = await api(h, 'GET', `/api/schedules/${saved.body.id}`, h.teacher);
    expect(loaded.body.available_times['0'].slice(0, 3)).toEqual([
      ['9.00', ben.memberId, 'A'],
      ['9.00', anna.memberId, 'B'],
      ['9.15', ben.memberId, 'A'],
    ]);
    expect(loaded.body.available_times['0']).toHaveLength(8);

    const client = testServiceClient(schedulingV1.SchedulingServiceClient, `127.0.0.1:${h.svc.grpcPort}`, 'scheduling-solver');
    try {
      const latest = await callUnary(client.getLatestSchedule.bind(client), client, { classId: cls.classId, teacherId: h.teacherId });
      expect(latest.availableTimes[0]!.slots.slice(0, 2)).toEqual([
        { label: '9.00', memberId: ben.memberId, week: 'A' },
        { label: '9.00', memberId: anna.memberId, week: 'B' },
      ]);
    } finally {
      client.close();
    }

    const again = await calc({ wiggleRoom: 0, selectedClass: cls.classId, previous_schedule_id: saved.body.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.summary).toMatchObject({ placed: 2, moved: 0 });
    const weeks = Object.fromEntries((again.body.placements as Placed[]).map((p) => [p.member_id, p.week]));
    expect(weeks).toEqual({ [anna.memberId]: 'B', [ben.memberId]: 'A' });
  });
});
