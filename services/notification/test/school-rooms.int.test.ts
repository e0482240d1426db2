import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from './helpers.js';
import { callApi, classes, issuer, mailEventsTo, n, newClass, parse, person, send, setupCalendar, slot, teacherCookie } from './calendar-fixture.js';

/**
 * Rooms of a class of a school in what the students get (docs/product/school-rooms-for-students.md): the saved
 * schedule names each member's room (GetLatestSchedule.rooms); the sending carries it in schedule.sent.v1, the mail,
 * the calendar file, the dated lessons and the feed. A class without a school answers exactly as before.
 */

setupCalendar();

const semester = { firstDay: '2027-01-04', lastDay: '2027-01-15', state: 'BE' as const, breaks: [] };
const hauptstelle = randomUUID();
const room101 = { roomId: randomUUID(), name: 'Raum 1.01', siteId: hauptstelle, siteName: 'Hauptstelle' };
const ROOM_TEXT = 'Raum 1.01, Hauptstelle';

/** Anna on Wednesdays 10:00-10:45 in Raum 1.01; Ben on Mondays 9:00-9:15 without a room; both registered. */
async function schoolClass(rooms: boolean) {
  const anna = person('Anna Alt');
  const ben = person('Ben Bauer');
  const classId = newClass({ '0': slot(['9.00'], ben.memberId), '2': slot(['10.00', '10.15', '10.30'], anna.memberId) }, [anna, ben]);
  classes.get(classId)!.semester = { ...semester };
  if (rooms) classes.get(classId)!.rooms = { [anna.memberId]: room101 };
  expect((await send(classId)).status).toBe(200);
  const cookie = async (p: typeof anna) => issuer.cookie({ userId: p.userId, role: 'student', email: p.email, name: p.name });
  return { classId, anna, ben, annaCookie: await cookie(anna), benCookie: await cookie(ben) };
}

const room = { id: room101.roomId, name: 'Raum 1.01', site_id: hauptstelle, site_name: 'Hauptstelle' };

const sentEvent = async (classId: string) => {
  const rows = await sql<{ payload: { lessons: Record<string, Record<string, unknown>[]> } }>(
    `SELECT payload->'payload' AS payload FROM "${n.schema}".outbox_events WHERE topic = 'schedule.sent.v1' AND payload->'payload'->>'class_id' = $1`,
    [classId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.payload;
};

const icsOf = async (to: string) => {
  const [mail] = await mailEventsTo(to);
  const file = mail!.attachments.find((x) => x.filename === 'unterricht.ics')!;
  return { text: mail!.text, ics: Buffer.from(file.contentBase64!, 'base64').toString('utf8') };
};

const locations = (ics: string) =>
  parse(ics)
    .getAllSubcomponents('vevent')
    .map((e) => e.getFirstPropertyValue('location') ?? null);

describe('a class of a school: the room in what the students get', () => {
  it('the sending carries each lesson’s room in schedule.sent.v1, the mail names it, the calendar file has its LOCATION', async () => {
    const { classId, anna, ben } = await schoolClass(true);
    const event = await sentEvent(classId);
    expect(event.lessons[anna.memberId]).toEqual([{ day: 2, start: 40, end: 43, room }]);
    expect(event.lessons[ben.memberId]).toEqual([{ day: 0, start: 36, end: 37 }]);
    expect(event.lessons[ben.memberId]![0]).not.toHaveProperty('room');

    const a = await icsOf(anna.email);
    expect(a.text).toContain(`Deine Stunde: Mittwoch, 10:00–10:45 – ${ROOM_TEXT}\n`);
    expect(locations(a.ics)).toEqual([ROOM_TEXT]);
    expect(a.ics).toContain(`LOCATION:${ROOM_TEXT.replace(',', '\\,')}`);
    const b = await icsOf(ben.email);
    expect(b.text).toContain('Deine Stunde: Montag, 09:00–09:15\n');
    expect(b.text).not.toContain('Raum');
    expect(locations(b.ics)).toEqual([null]);
  });

  it('the dated lessons (teacher’s and student’s lists), the calendar file and the feed name the room', async () => {
    const { classId, anna, ben, annaCookie, benCookie } = await schoolClass(true);
    const all = (await callApi('GET', `/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as Record<string, unknown>[];
    expect(all.filter((l) => l.member_id === anna.memberId).map((l) => [l.date, l.room])).toEqual([
      ['2027-01-06', room],
      ['2027-01-13', room],
    ]);
    expect(all.filter((l) => l.member_id === ben.memberId).every((l) => !('room' in l))).toBe(true);

    const own = (await callApi('GET', '/api/me/lessons', annaCookie)).body.lessons as Record<string, unknown>[];
    expect(own.map((l) => l.room)).toEqual([room, room]);
    const bens = (await callApi('GET', '/api/me/lessons', benCookie)).body.lessons as Record<string, unknown>[];
    expect(bens).toHaveLength(2);
    expect(bens.every((l) => !('room' in l))).toBe(true);

    expect(locations((await callApi('GET', '/api/me/calendar.ics', annaCookie)).text)).toEqual([ROOM_TEXT]);
    const made = await callApi('POST', '/api/me/calendar-subscription', annaCookie);
    const feed = new URL((made.body as { url: string }).url).pathname;
    expect(locations((await callApi('GET', feed)).text)).toEqual([ROOM_TEXT]);
    expect(locations((await callApi('GET', '/api/me/calendar.ics', benCookie)).text)).toEqual([null]);
  });
});

describe('a class without a school works exactly as before', () => {
  it('no room key in the event or the dated lessons, no LOCATION, the mail as the SPEC says', async () => {
    const { classId, anna, annaCookie } = await schoolClass(false);
    const event = await sentEvent(classId);
    expect(event.lessons[anna.memberId]).toEqual([{ day: 2, start: 40, end: 43 }]);
    expect(event.lessons[anna.memberId]![0]).not.toHaveProperty('room');

    const a = await icsOf(anna.email);
    expect(a.text).toContain('Deine Stunde: Mittwoch, 10:00–10:45\n');
    expect(a.ics).not.toMatch(/^LOCATION/m);

    const all = (await callApi('GET', `/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as Record<string, unknown>[];
    expect(all).toHaveLength(4);
    for (const l of all) expect(Object.keys(l).sort()).toEqual(['date', 'end', 'member_id', 'name', 'reason', 'start', 'status', 'week']);
    const own = (await callApi('GET', '/api/me/lessons', annaCookie)).body.lessons as Record<string, unknown>[];
    expect(own).toHaveLength(2);
    for (const l of own) expect(l).not.toHaveProperty('room');
    expect((await callApi('GET', '/api/me/calendar.ics', annaCookie)).text).not.toMatch(/^LOCATION/m);
  });
});
