import { randomUUID } from 'node:crypto';
import type { schoolV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, member, slotOf, startHarness, type Harness } from './helpers.js';

/**
 * GET /api/classes/{classId}/room-options (docs/product/school-rooms-in-plans.md): the free suitable rooms of one
 * lesson, the school service a fake at the gRPC boundary (GetRoomPlanning of the test's world).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const S1 = randomUUID();
const S2 = randomUUID();

function room(name: string, siteId: string, equipment: string[], open?: [number, string, string][]): schoolV1.PlanningRoom {
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
const booked = (r: schoolV1.PlanningRoom, day: number, a: string, b: string, week = ''): schoolV1.BookedSpan => ({
  roomId: r.roomId,
  span: { day, start: slotOf(a), end: slotOf(b) },
  week,
  classId: randomUUID(),
  siteId: r.siteId,
});
const view = (r: schoolV1.PlanningRoom) => ({ id: r.roomId, name: r.name, site_id: r.siteId, site_name: r.siteName });

const grand = room('Flügel 1', S1, ['grand_piano', 'piano']);
const grand2 = room('Flügel 2', S1, ['grand_piano', 'piano']);
const plain = room('Raum 3', S1, []);
const north = room('Nord', S2, ['grand_piano', 'piano'], [[0, '14.00', '22.00']]);

const anna = member('Anna', 45, {});
const ben = member('Ben', 30, {}, { siteIds: [S2] });
const carla = member('Carla', 60, {}, { needs: [], frequency: 'biweekly' });
let classId = '';

beforeAll(() => {
  const schoolId = randomUUID();
  h.world.roomPlanning.set(schoolId, {
    rooms: [grand, grand2, plain, north],
    travel: [],
    taken: [booked(grand, 0, '9.30', '10.00'), booked(plain, 0, '9.00', '10.00', 'B')],
    teacherLessons: [],
  });
  const cls = h.world.addClass(h.teacherId, [anna, ben, carla], {});
  cls.school = { schoolId, siteIds: [], needs: ['grand_piano'] };
  classId = cls.classId;
});

const options = (query: string, cookie = h.teacher, id = classId) => api(h, 'GET', `/api/classes/${id}/room-options?${query}`, cookie);

describe('free suitable rooms for one lesson', () => {
  it('only rooms with every needed tag, at the member’s sites, open for the whole lesson and not booked then', async () => {
    // 9.00-9.45 overlaps the booking of Flügel 1 (9.30-10.00); Raum 3 has no grand piano; Nord is closed in the morning.
    expect(await options(`member_id=${anna.memberId}&day=0&start=9.00`)).toMatchObject({ status: 200, body: { rooms: [view(grand2)] } });
    // Right after the booking Flügel 1 is free again.
    expect((await options(`member_id=${anna.memberId}&day=0&start=10.00`)).body).toEqual({ rooms: [view(grand), view(grand2)] });
    // From 14.00 Nord is open too; Tuesday it is closed all day.
    expect((await options(`member_id=${anna.memberId}&day=0&start=14.00`)).body).toEqual({ rooms: [view(grand), view(grand2), view(north)] });
    expect((await options(`member_id=${anna.memberId}&day=1&start=14.00`)).body).toEqual({ rooms: [view(grand), view(grand2)] });
    // 13.30 + 45 minutes runs past Nord's opening at 14.00: not open for the whole lesson.
    expect((await options(`member_id=${anna.memberId}&day=0&start=13.45`)).body).toEqual({ rooms: [view(grand), view(grand2)] });
    // Ben only gets to the second site.
    expect((await options(`member_id=${ben.memberId}&day=0&start=14.00`)).body).toEqual({ rooms: [view(north)] });
    expect((await options(`member_id=${ben.memberId}&day=0&start=9.00`)).body).toEqual({ rooms: [] });
  });

  it('a member’s own empty needs take any room; a biweekly lesson needs its room only in its week', async () => {
    // Raum 3 is booked 9.00-10.00 in week B only; Flügel 1 from 9.30 every week.
    expect((await options(`member_id=${carla.memberId}&day=0&start=9.00&week=A`)).body).toEqual({ rooms: [view(grand2), view(plain)] });
    expect((await options(`member_id=${carla.memberId}&day=0&start=9.00&week=B`)).body).toEqual({ rooms: [view(grand2)] });
    expect((await options(`member_id=${carla.memberId}&day=0&start=9.00`)).body).toEqual({ rooms: [view(grand2), view(plain)] });
  });

  it('German 400 for bad input; 404 for another teacher’s or an unknown class', async () => {
    const bad: [string, string][] = [
      ['day=0&start=9.00', 'Bitte gib mit member_id an, für wessen Stunde ein Raum gesucht wird.'],
      [`member_id=${anna.memberId}&day=7&start=9.00`, 'Der Tag muss eine ganze Zahl von 0 (Montag) bis 6 (Sonntag) sein.'],
      [`member_id=${anna.memberId}&day=0&start=9.10`, 'Ungültiger Beginn: erwartet wird eine Uhrzeit im Viertelstundenraster wie „9.00“ oder „14.15“.'],
      [`member_id=${anna.memberId}&day=0&start=9.00&week=C`, 'Die Woche muss „A“ oder „B“ sein.'],
      [`member_id=${anna.memberId}&day=0&start=23.45`, 'Die Stunde reicht über das Tagesende hinaus.'],
      [`member_id=${randomUUID()}&day=0&start=9.00`, 'Diese Person gehört nicht zu der Klasse. Bitte lade die Seite neu.'],
    ];
    for (const [query, detail] of bad) expect(await options(query), query).toMatchObject({ status: 400, body: { detail } });

    const q = `member_id=${anna.memberId}&day=0&start=9.00`;
    expect(await options(q, h.otherTeacher)).toMatchObject({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
    expect(await options(q, h.teacher, randomUUID())).toMatchObject({ status: 404 });
    expect(await options(q, h.teacher, 'keine-id')).toMatchObject({ status: 404 });

    const plainClass = h.world.addClass(h.teacherId, [member('Dora', 30, {})], {});
    const dora = plainClass.members[0]!.memberId;
    expect(await options(`member_id=${dora}&day=0&start=9.00`, h.teacher, plainClass.classId)).toMatchObject({
      status: 400,
      body: { detail: 'Die Klasse hat keine Schule: Räume gibt es nur für eine Klasse mit Schule (Klasse bearbeiten).' },
    });
  });
});
