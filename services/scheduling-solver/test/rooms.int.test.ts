import { randomUUID } from 'node:crypto';
import type { schoolV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidPlan, type Placement } from './plan-checks.js';
import { api, labels, member, slotOf, startHarness, type Harness, type Json } from './helpers.js';

/**
 * Rooms in the calculation (issue 40, ADR 0034): the school service is a fake at the service's
 * boundary (GetRoomPlanning of the test's world), the engine and PostgreSQL are real.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SOLVER_TIME_LIMIT_S: '15' });
});
afterAll(async () => {
  await h?.stop();
});

const calc = (body: unknown) => api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, body);
const S1 = randomUUID();
const S2 = randomUUID();

function room(name: string, siteId: string, equipment: string[] = [], open?: [number, string, string][]): schoolV1.PlanningRoom {
  return {
    roomId: randomUUID(),
    name,
    siteId,
    siteName: siteId === S1 ? 'Haupthaus' : 'Nebenstelle',
    equipment,
    alwaysOpen: !open,
    open: (open ?? []).map(([day, a, b]) => ({ day, start: slotOf(a), end: slotOf(b) })),
  };
}

function booked(r: schoolV1.PlanningRoom | { roomId: string; siteId: string }, day: number, a: string, b: string, week = ''): schoolV1.BookedSpan {
  return { roomId: r.roomId, span: { day, start: slotOf(a), end: slotOf(b) }, week, classId: randomUUID(), siteId: r.siteId };
}

/** A class with a school whose GetRoomPlanning answers `planning`. */
function schoolClass(
  planning: Partial<schoolV1.GetRoomPlanningResponse>,
  members: ReturnType<typeof member>[],
  teacher: Record<string, string[]>,
  school: { siteIds?: string[]; needs?: string[] } = {},
) {
  const schoolId = randomUUID();
  h.world.roomPlanning.set(schoolId, { rooms: [], travel: [], taken: [], teacherLessons: [], ...planning });
  const cls = h.world.addClass(h.teacherId, members, teacher);
  cls.school = { schoolId, siteIds: school.siteIds ?? [], needs: school.needs ?? [] };
  return cls;
}

const overlaps = (p: Placement, a: string, b: string) => slotOf(p.start) < slotOf(b) && slotOf(a) < slotOf(p.end);

describe('rooms in the calculation', () => {
  it('never uses a room taken at an overlapping time; every placement names its room', async () => {
    const r1 = room('Raum 1', S1);
    const r2 = room('Raum 2', S1);
    const cls = schoolClass(
      { rooms: [r1, r2], taken: [booked(r1, 0, '9.30', '10.00')] },
      [
        member('Anna', 60, { '0': labels('9.00', '12.00') }),
        member('Ben', 60, { '0': labels('9.00', '12.00') }),
        member('Cem', 60, { '0': labels('9.00', '12.00') }),
      ],
      { '0': labels('9.00', '12.00') },
    );
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectValidPlan(res.body, cls);
    expect(res.body.placements).toHaveLength(3);
    for (const p of res.body.placements as (Placement & { room: Json })[]) {
      expect([r1.roomId, r2.roomId]).toContain(p.room.id);
      expect(p.room).toEqual(expect.objectContaining({ site_id: S1, site_name: 'Haupthaus' }));
      if (overlaps(p, '9.30', '10.00')) expect(p.room.id).toBe(r2.roomId);
    }
    expect(h.world.calls.filter((c) => c.method === 'GetRoomPlanning').at(-1)?.request).toEqual({
      schoolId: cls.school!.schoolId,
      teacherId: h.teacherId,
      classId: cls.classId,
    });
  });

  it('respects equipment (the class’s and a member’s own) and sites', async () => {
    const piano = room('Flügelraum', S1, ['grand_piano']);
    const organ = room('Orgelraum', S2, ['organ', 'grand_piano']);
    const plain = room('Übungsraum', S1);
    const week = { '0': labels('8.00', '14.00') };
    const cls = schoolClass(
      { rooms: [piano, organ, plain] },
      [
        member('Klassenbedarf', 45, week),
        member('Orgel', 45, week, { needs: ['organ'] }),
        member('Nur Haupthaus', 45, week, { needs: [], siteIds: [S1] }),
        member('Nebenstelle mit Flügel', 45, week, { siteIds: [S2] }),
      ],
      week,
      { needs: ['grand_piano'] },
    );
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const roomOf = (name: string) => (res.body.placements as Json[]).find((p) => p.name === name)?.room.id;
    expect([piano.roomId, organ.roomId]).toContain(roomOf('Klassenbedarf'));
    expect(roomOf('Orgel')).toBe(organ.roomId);
    expect([piano.roomId, plain.roomId]).toContain(roomOf('Nur Haupthaus'));
    expect(roomOf('Nebenstelle mit Flügel')).toBe(organ.roomId);
  });

  it('leaves the travel minutes between lessons at different sites (repaired, then not OPTIMAL)', async () => {
    // x can only have a room at S1 from 9 to 10, y only at S2; 60 minutes between the sites.
    // The most compact plan (y at 10.00) cannot be travelled: y must come at 11.00.
    const a = room('Raum A', S1, [], [[0, '9.00', '10.00']]);
    const b = room('Raum B', S2);
    const cls = schoolClass(
      { rooms: [a, b], travel: [{ fromSiteId: S2, toSiteId: S1, minutes: 60 }] },
      [member('Xaver', 60, { '0': labels('9.00', '12.00') }, { siteIds: [S1] }), member('Yvonne', 60, { '0': labels('9.00', '12.00') }, { siteIds: [S2] })],
      { '0': labels('9.00', '12.00') },
    );
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectValidPlan(res.body, cls);
    const at = (name: string) => (res.body.placements as Json[]).find((p) => p.name === name);
    expect(at('Xaver')).toMatchObject({ start: '9.00', room: { id: a.roomId } });
    expect(at('Yvonne')).toMatchObject({ start: '11.00', room: { id: b.roomId } });
    expect(res.body.status).toBe('FEASIBLE');
    expect(res.body.summary.proven).toBe(false);
    expect(res.body.stats.rooms).toEqual({ repairs: 1, travel_conflicts: [] });
  });

  it('treats the teacher’s lessons of other classes as busy time and as fixed points of the travel', async () => {
    const a = room('Raum A', S1);
    const other = { roomId: randomUUID(), siteId: S2 };
    // The teacher teaches elsewhere (S2) 10-11 every week; S1 is 30 minutes away (no pair set).
    const cls = schoolClass({ rooms: [a], teacherLessons: [booked(other, 0, '10.00', '11.00')] }, [member('Xaver', 60, { '0': labels('9.00', '13.00') })], {
      '0': labels('9.00', '13.00'),
    });
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.placements[0] as Placement;
    expect(overlaps(p, '9.30', '11.30')).toBe(false);
    expect(p.start).toBe('11.30');
  });

  it('a student whose windows have no free suitable room: "Kein passender Raum frei."', async () => {
    const r1 = room('Raum 1', S1);
    const cls = schoolClass(
      { rooms: [r1], taken: [booked(r1, 0, '9.00', '10.00')] },
      [member('Anna', 60, { '0': labels('9.00', '10.00') }), member('Ben', 60, { '0': labels('10.00', '11.00') })],
      { '0': labels('9.00', '11.00') },
    );
    const res = await calc({ wiggleRoom: 1, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.skipped_students).toEqual([expect.objectContaining({ name: 'Anna', reason: 'Kein passender Raum frei.' })]);
    expect(res.body.placements).toEqual([expect.objectContaining({ name: 'Ben', start: '10.00', room: expect.objectContaining({ id: r1.roomId }) })]);
  });

  it('refuses a pinned lesson without a free suitable room in German', async () => {
    const r1 = room('Raum 1', S1);
    const anna = member('Anna', 60, { '0': labels('9.00', '11.00') });
    const cls = schoolClass({ rooms: [r1], taken: [booked(r1, 0, '9.00', '10.00')] }, [anna], { '0': labels('9.00', '11.00') });
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {}, pinned: [{ member_id: anna.memberId, day: 0, start: '9.00' }] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Für die fixierte Stunde von Anna ist kein passender Raum frei. Bitte löse die Fixierung oder wähle eine andere Zeit.');
  });

  it('a school the teacher may not use (any more) is a German 400', async () => {
    const cls = h.world.addClass(h.teacherId, [member('Anna', 60, { '0': labels('9.00', '11.00') })], { '0': labels('9.00', '11.00') });
    cls.school = { schoolId: randomUUID(), siteIds: [], needs: [] };
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res).toMatchObject({
      status: 400,
      body: { detail: 'Die Schule der Klasse wurde nicht gefunden. Bitte prüfe die Schule der Klasse (Klasse bearbeiten).' },
    });
  });

  it('a class without a school answers as before: no room key, no GetRoomPlanning', async () => {
    const cls = h.world.addClass(h.teacherId, [member('Anna', 60, { '0': labels('9.00', '11.00') })], { '0': labels('9.00', '11.00') });
    const before = h.world.calls.length;
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status).toBe(200);
    expect(res.body.placements).toHaveLength(1);
    expect(Object.keys(res.body.placements[0])).not.toContain('room');
    expect(res.body.stats).not.toHaveProperty('rooms');
    expect(h.world.calls.slice(before).map((c) => c.method)).not.toContain('GetRoomPlanning');
  });
});
