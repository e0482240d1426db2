import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createClass, mails, signUp, startTestStack, uniqueEmail, waitForMail } from './helpers.js';
import {
  GERMAN_DAY,
  h,
  labels,
  LESSON_DATE,
  minutes,
  OFFSET,
  overlaps,
  PORT,
  bookingsOf,
  expectFittingRooms,
  saveWithRooms,
  calculate,
  pdfText,
  expectTravel,
  send,
  schoolAdmin,
  schoolRoutes,
  teacherOf,
  WD,
  weeksMeet,
  type Booking,
  type Institution,
  type Placement,
  type Room,
} from './school-rooms-fixture.js';

/**
 * The acceptance walk of issue 40 with every service (embedded mode, real PostgreSQL): the operator's command makes
 * the administrator, who describes two sites 25 minutes apart and four rooms; two teachers of the school whose classes
 * need a grand piano calculate with students whose times compete for the same rooms. The first saves with the
 * placements' rooms and sends; the second's calculation never uses a room the first booked at an overlapping time,
 * every room fits (tag, site, open), the teacher can travel between the sites; the mail and the dated lessons name
 * the room; the free suitable rooms of one lesson; a lesson saved without a room gets one when sent; a teacher of
 * another institution gets 404 on every school route (taken from the contracts, so a new route is covered).
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let music: Institution;
let office: Client & { email: string };
let first: Client & { email: string };
let second: Client & { email: string };
let stranger: Client;
let schoolId = '';
const sites: Record<string, string> = {};
const rooms: Record<string, { id: string; site_id: string; equipment: string[]; times: Record<string, string[]> | null }> = {};
const students: Record<string, { client: Client; email: string; memberId: string }> = {};
let classA = '';
let classB = '';
let placementsA: Placement[] = [];
let placementsB: Placement[] = [];

async function student(name: string, shortcut: string, classId: string, teacher: Client, from: number, to: number) {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const client = await signUp(stack.base, { name, email, role: 'student' });
  expect((await client.post('/api/students/join-class', { register_shortcut: shortcut, duration: 45 })).status).toBe(200);
  expect((await client.put('/api/me/available-times', { available_times: { [WD]: labels(from, to) } })).status).toBe(200);
  const members = (await teacher.get<{ members: { member_id: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members;
  const memberId = members.find((m) => m.email?.toLowerCase() === email.toLowerCase())!.member_id;
  students[name] = { client, email, memberId };
  return memberId;
}

/** The first teacher's sent plan names the rooms: mail, dated lessons, calendar; a colleague sees no pupils. */
async function roomsNamedForStudents() {
  for (const name of ['Anna Alt', 'Ben Bauer']) {
    const s = students[name]!;
    const p = placementsA.find((x) => x.member_id === s.memberId)!;
    const mail = await waitForMail(stack.base, s.email, /Dein Stundenplan/);
    const time = (l: string) => `${String(Math.floor(minutes(l) / 60)).padStart(2, '0')}:${String(minutes(l) % 60).padStart(2, '0')}`;
    expect(mail.text).toContain(`Deine Stunde: ${GERMAN_DAY}, ${time(p.start)}–${time(p.end)} – ${p.room!.name}, ${p.room!.site_name}`);
    const dated = await s.client.get<{ lessons: { date: string; room?: Room }[] }>('/api/me/lessons');
    expect(dated.status).toBe(200);
    const lesson = dated.body.lessons.find((l) => l.date === LESSON_DATE);
    expect(lesson, JSON.stringify(dated.body)).toBeDefined();
    expect(lesson!.room).toEqual(p.room);
    // The calendar names it as LOCATION (commas escaped, lines folded at 75 octets).
    const ics = await s.client.get<string>('/api/me/calendar.ics');
    expect(ics.status).toBe(200);
    expect(ics.body.replace(/\r\n[ \t]/g, '')).toContain(`LOCATION:${p.room!.name}\\, ${p.room!.site_name}`);
  }
  // The teacher's dated lessons too.
  const own = await first.get<{ lessons: { member_id: string; date: string; room?: Room }[] }>(`/api/classes/${classA}/lessons`);
  for (const p of placementsA) expect(own.body.lessons.find((l) => l.member_id === p.member_id && l.date === LESSON_DATE)?.room).toEqual(p.room);
  // A colleague sees no pupils; the teacher's own bookings do not block calculating the same plan again.
  const seen = (await second.get<{ bookings: (Booking & { student_name?: string })[] }>(`/api/schools/${schoolId}/room-bookings`)).body.bookings;
  expect(seen.filter((b) => b.class_id === classA).map((b) => b.student_name)).toEqual([undefined, undefined]);
  // The PDF the teacher sends lists each pupil's room.
  const pdf = await first.post<Buffer>('/api/export-pdf-alternative', {
    schedule: { [WD]: placementsA.flatMap((p) => labels(minutes(p.start), minutes(p.end)).map((l) => [l, p.member_id])) },
    timeRange: { start: 44, end: 60 },
    studentsList: placementsA.map((p) => ({ member_id: p.member_id, name: p.member_id.slice(0, 4), duration: 45 })),
    className: 'Klavier A',
    rooms: Object.fromEntries(placementsA.map((p) => [p.member_id, { name: p.room!.name, site_name: p.room!.site_name }])),
  });
  expect(pdf.status, JSON.stringify(pdf.body).slice(0, 300)).toBe(200);
  expect(pdfText(pdf.body)).toContain(`${placementsA[0]!.room!.name}, ${placementsA[0]!.room!.site_name}`);
  const again = await calculate(first, classA);
  expect(again.placements.map((p) => [p.member_id, p.start, p.room?.id]).sort()).toEqual(placementsA.map((p) => [p.member_id, p.start, p.room?.id]).sort());
}

/** Dora's lesson is saved without a room: the sending gives it a free suitable one (booked, and in her mail). */
async function fillOnSending() {
  const dora = students['Dora Dorn']!;
  await saveWithRooms(second, classB, placementsB, (p) => p.member_id !== dora.memberId);
  await send(second, classB);
  const booked = await bookingsOf(office, schoolId, classB, 3);
  const doraLesson = placementsB.find((p) => p.member_id === dora.memberId)!;
  const doraBooking = booked.find((b) => b.day === doraLesson.day && b.start === doraLesson.start);
  expect(doraBooking, JSON.stringify(booked)).toBeDefined();
  const room = Object.entries(rooms).find(([, r]) => r.id === doraBooking!.room_id)!;
  // A grand piano at Dora's site, and not a room of another lesson at that time.
  expect(room[1].equipment).toContain('grand_piano');
  expect(room[1].site_id).toBe(sites['Hauptstelle']);
  const all = (await office.get<{ bookings: Booking[] }>(`/api/schools/${schoolId}/room-bookings`)).body.bookings;
  expect(all.filter((b) => b.room_id === doraBooking!.room_id && b.day === doraBooking!.day && overlaps(b, doraBooking!))).toHaveLength(1);
  const mail = await waitForMail(stack.base, dora.email, /Dein Stundenplan/);
  expect(mail.text).toContain(` – ${room[0]}, Hauptstelle`);
  // A room renamed after the plan was saved: the next sending names it as it is now (ADR 0035, school-rooms-for-students.md).
  const carl = placementsB.find((p) => p.member_id === students['Carl Conrad']!.memberId)!;
  const renamed = await office.put(`/api/schools/${schoolId}/rooms/${carl.room!.id}`, { ...rooms[carl.room!.name], name: 'Flügelsaal' });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  await send(second, classB);
  const until = Date.now() + 10_000;
  const named = async () => (await mails(stack.base)).some((m) => m.to === students['Carl Conrad']!.email && m.text.includes(' – Flügelsaal, Hauptstelle'));
  while (!(await named()) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  expect(await named()).toBe(true);
  await office.put(`/api/schools/${schoolId}/rooms/${carl.room!.id}`, { ...rooms[carl.room!.name], name: carl.room!.name });
}

/** GET /api/classes/{classId}/room-options for Carl's lesson through the gateway. */
async function roomOptionsThroughGateway() {
  const carl = students['Carl Conrad']!.memberId;
  const ask = (c: Client, start: string) => c.get<{ rooms: Room[] }>(`/api/classes/${classB}/room-options?member_id=${carl}&day=${WD}&start=${start}`);
  // 12.00: 1.01 is the first teacher's, 1.02 not open yet, 1.03 has no grand piano, Nord is not Carl's site.
  expect(await ask(second, '12.00')).toMatchObject({ status: 200, body: { rooms: [] } });
  // 12.45 (Carl's lesson): only 1.02; from 13.30 on both grand piano rooms of the main building.
  expect((await ask(second, '12.45')).body.rooms.map((r) => r.name)).toEqual(['Flügelraum 1.02']);
  expect((await ask(second, '13.30')).body.rooms.map((r) => r.name).sort()).toEqual(['Flügelraum 1.01', 'Flügelraum 1.02']);
  // Only the class's teacher: the other teacher of the school and an outsider get the class routes' 404.
  for (const c of [first, stranger]) expect(await ask(c, '12.45')).toMatchObject({ status: 404 });
  expect(await second.get(`/api/classes/${classB}/room-options?member_id=${carl}&day=9&start=12.45`)).toMatchObject({
    status: 400,
    body: { detail: 'Der Tag muss eine ganze Zahl von 0 (Montag) bis 6 (Sonntag) sein.' },
  });
}

/**
 * Two-week lessons across the services: the first teacher's second class has two biweekly pupils at 16.00 in weeks A
 * and B; sent, the school books their room for week A and week B; a weekly lesson of the colleague at that time
 * needs its room in both weeks, so that room is no option for it.
 */
async function biweeklyBookings() {
  const c = await createClass(first, 'Klavier 14-täglich');
  expect((await first.put(`/api/classes/${c.class_id}/available-times`, { available_times: { [WD]: labels(h(8), h(18)) } })).status).toBe(200);
  expect((await first.put(`/api/classes/${c.class_id}/school`, { school_id: schoolId, sites: [sites['Hauptstelle']], needs: ['grand_piano'] })).status).toBe(
    200,
  );
  for (const name of ['Ella Eins', 'Finn Zwei']) {
    const id = await student(name, c.register_shortcut, c.class_id, first, h(16), h(16, 45));
    expect((await first.put(`/api/classes/${c.class_id}/members/${id}/update`, { frequency: 'biweekly' })).status).toBe(200);
  }
  const calc = await calculate(first, c.class_id);
  expect(calc.placements.map((p) => [p.start, p.week]).sort()).toEqual([
    ['16.00', 'A'],
    ['16.00', 'B'],
  ]);
  await saveWithRooms(first, c.class_id, calc.placements, () => true);
  await send(first, c.class_id);
  const booked = await bookingsOf(office, schoolId, c.class_id, 2);
  expect(booked.map((b) => [b.room_id, b.start, b.week]).sort()).toEqual(calc.placements.map((p) => [p.room!.id, p.start, p.week]).sort());
  const dora = students['Dora Dorn']!.memberId;
  const options = await second.get<{ rooms: Room[] }>(`/api/classes/${classB}/room-options?member_id=${dora}&day=${WD}&start=16.00`);
  const taken = new Set(calc.placements.map((p) => p.room!.id));
  expect(options.body.rooms.length).toBeGreaterThan(0);
  for (const r of options.body.rooms) expect(taken.has(r.id), r.name).toBe(false);
}

/** A pupil who could be placed but for a room: 'Kein passender Raum frei.' (no room of the school has an organ). */
async function noRoomReason() {
  const c = await createClass(second, 'Orgel');
  expect((await second.put(`/api/classes/${c.class_id}/available-times`, { available_times: { [WD]: labels(h(8), h(18)) } })).status).toBe(200);
  expect((await second.put(`/api/classes/${c.class_id}/school`, { school_id: schoolId, needs: ['organ'] })).status).toBe(200);
  const id = await student('Olaf Orgel', c.register_shortcut, c.class_id, second, h(10), h(11));
  const calc = await calculate(second, c.class_id, 1);
  expect(calc.placements).toEqual([]);
  expect(calc.skipped_students).toMatchObject([{ member_id: id, reason: 'Kein passender Raum frei.' }]);
}

/**
 * Travel across the teacher's classes: the first teacher teaches the two-week class at the main building until 16.45
 * (weeks A and B); a pupil of a new class at the partner school (open from 14.00) then starts 25 minutes later at the
 * earliest.
 */
async function travelAcrossClasses() {
  const c = await createClass(first, 'Klavier Nord');
  expect((await first.put(`/api/classes/${c.class_id}/available-times`, { available_times: { [WD]: labels(h(8), h(18)) } })).status).toBe(200);
  const set = await first.put(`/api/classes/${c.class_id}/school`, { school_id: schoolId, sites: [sites['Grundschule Nord']], needs: ['grand_piano'] });
  expect(set.status).toBe(200);
  await student('Greta Nord', c.register_shortcut, c.class_id, first, h(16, 45), h(18));
  const calc = await calculate(first, c.class_id);
  expect(calc.placements).toHaveLength(1);
  expect(calc.placements[0]!.room!.name).toBe('Musikraum Nord');
  expect(minutes(calc.placements[0]!.start)).toBeGreaterThanOrEqual(h(16, 45) + 25);
}

describe('the acceptance walk: lessons of two teachers in the rooms of one school', () => {
  beforeAll(async () => {
    stack = await startTestStack(inject('databaseUrl'), { port: PORT, portOffset: OFFSET });
    const institutions = (await new Client(stack.base).get<Institution[]>('/api/institutions')).body;
    music = institutions[0]!;
    office = await teacherOf(stack.base, music, 'Olga Office');
    first = await teacherOf(stack.base, music, 'Erste Lehrerin');
    second = await teacherOf(stack.base, music, 'Zweiter Lehrer');
    stranger = await teacherOf(stack.base, institutions[1]!, 'Fremde Lehrkraft');
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('the operator makes the administrator, who describes two sites 25 minutes apart and four rooms', async () => {
    const made = await schoolAdmin(stack.dataDir, ['--institution', music.id, '--email', office.email]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    schoolId = music.id;
    expect((await office.get('/api/schools/mine')).body).toEqual({ schools: [{ id: schoolId, name: music.name, role: 'admin' }] });

    for (const name of ['Hauptstelle', 'Grundschule Nord']) {
      const res = await office.post<{ site: { id: string } }>(`/api/schools/${schoolId}/sites`, { name, address: `${name}, Neuburg` });
      expect(res.status).toBe(201);
      sites[name] = res.body.site.id;
    }
    const travel = await office.put(`/api/schools/${schoolId}/travel`, {
      travel: [{ from: sites['Hauptstelle'], to: sites['Grundschule Nord'], minutes: 25 }],
    });
    expect(travel.status).toBe(200);
    const everyDay = (from: number) => Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, labels(from, h(22))]));
    const wanted = [
      { name: 'Flügelraum 1.01', site_id: sites['Hauptstelle'], equipment: ['grand_piano'], capacity: 2 },
      // Opens at 12:45: the first teacher's lessons from 12:00 all fit only in 1.01, so the rooms compete.
      { name: 'Flügelraum 1.02', site_id: sites['Hauptstelle'], equipment: ['grand_piano'], capacity: 2, times: everyDay(h(12, 45)) },
      { name: 'Raum 1.03', site_id: sites['Hauptstelle'], equipment: [], capacity: 4 },
      { name: 'Musikraum Nord', site_id: sites['Grundschule Nord'], equipment: ['grand_piano'], capacity: 20, times: everyDay(h(14)) },
    ];
    for (const room of wanted) {
      const res = await office.post<{ room: (typeof rooms)[string] }>(`/api/schools/${schoolId}/rooms`, room);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      rooms[room.name] = res.body.room;
    }
  });

  it('two teachers of the school: classes that need a grand piano, students whose times compete', async () => {
    const teacherTimes = { [WD]: labels(h(8), h(18)) };
    const a = await createClass(first, 'Klavier A');
    classA = a.class_id;
    expect((await first.put(`/api/classes/${classA}/available-times`, { available_times: teacherTimes })).status).toBe(200);
    const setA = await first.put(`/api/classes/${classA}/school`, { school_id: schoolId, sites: [sites['Hauptstelle']], needs: ['grand_piano'] });
    expect(setA.status, JSON.stringify(setA.body)).toBe(200);
    await student('Anna Alt', a.register_shortcut, classA, first, h(12), h(13, 30));
    await student('Ben Bauer', a.register_shortcut, classA, first, h(12), h(13, 30));

    const b = await createClass(second, 'Klavier B');
    classB = b.class_id;
    expect((await second.put(`/api/classes/${classB}/available-times`, { available_times: teacherTimes })).status).toBe(200);
    const setB = await second.put(`/api/classes/${classB}/school`, {
      school_id: schoolId,
      sites: [sites['Hauptstelle'], sites['Grundschule Nord']],
      needs: ['grand_piano'],
    });
    expect(setB.status, JSON.stringify(setB.body)).toBe(200);
    // Nora can only get to the partner school (from 14:00); Carl and Dora only to the main building.
    const nora = await student('Nora Nord', b.register_shortcut, classB, second, h(14), h(14, 45));
    const carl = await student('Carl Conrad', b.register_shortcut, classB, second, h(12), h(13, 30));
    const dora = await student('Dora Dorn', b.register_shortcut, classB, second, h(12), h(16));
    expect((await second.put(`/api/classes/${classB}/members/${nora}/update`, { sites: [sites['Grundschule Nord']] })).status).toBe(200);
    for (const m of [carl, dora]) expect((await second.put(`/api/classes/${classB}/members/${m}/update`, { sites: [sites['Hauptstelle']] })).status).toBe(200);
  });

  it('the first teacher calculates, saves with the placements’ rooms and sends: the rooms are booked', async () => {
    const calc = await calculate(first, classA);
    placementsA = calc.placements;
    expect(placementsA).toHaveLength(2);
    const main = [sites['Hauptstelle']!];
    expectFittingRooms(rooms, placementsA, Object.fromEntries(placementsA.map((p) => [p.member_id, main])));
    await saveWithRooms(first, classA, placementsA, () => true);
    await send(first, classA);
    const booked = await bookingsOf(office, schoolId, classA, 2);
    expect(booked.map((b) => [b.room_id, b.day, b.start, b.end]).sort()).toEqual(placementsA.map((p) => [p.room!.id, p.day, p.start, p.end]).sort());
  });

  it('the mail and the dated lessons name the room', async () => {
    await roomsNamedForStudents();
  });

  it('the second teacher’s calculation uses no room the first booked at an overlapping time, fits and travels', async () => {
    const calc = await calculate(second, classB);
    placementsB = calc.placements;
    expect(placementsB, JSON.stringify(calc)).toHaveLength(3);
    const siteOf: Record<string, string[]> = {
      [students['Nora Nord']!.memberId]: [sites['Grundschule Nord']!],
      [students['Carl Conrad']!.memberId]: [sites['Hauptstelle']!],
      [students['Dora Dorn']!.memberId]: [sites['Hauptstelle']!],
    };
    expectFittingRooms(rooms, placementsB, siteOf);
    const booked = (await office.get<{ bookings: Booking[] }>(`/api/schools/${schoolId}/room-bookings`)).body.bookings.filter((b) => b.class_id !== classB);
    expect(booked.length).toBeGreaterThanOrEqual(2);
    for (const p of placementsB)
      for (const b of booked)
        if (b.room_id === p.room!.id && b.day === p.day && weeksMeet(b, p))
          expect(overlaps(b, p), `${p.room!.name} ${p.start}-${p.end} booked ${b.start}-${b.end}`).toBe(false);
    // 1.01 is the first teacher's from 12:00 to 13:30 and 1.02 opens at 12:45: Carl's only start with a free grand piano.
    const carl = placementsB.find((p) => p.member_id === students['Carl Conrad']!.memberId)!;
    expect([carl.start, carl.room!.name]).toEqual(['12.45', 'Flügelraum 1.02']);
    // Nora at the partner school, Carl and Dora in the main building on the same day: the travel rule bites.
    expect(expectTravel(placementsB)).toBeGreaterThan(0);
  });

  it('a lesson saved without a room gets a free suitable one when the plan is sent', async () => {
    await fillOnSending();
  });

  it('the free suitable rooms of one lesson: the planner’s choice, through the gateway', async () => {
    await roomOptionsThroughGateway();
  });

  it('two-week lessons book their room per week; a weekly lesson then needs another', async () => {
    await biweeklyBookings();
  });

  it('the travel rule counts the teacher’s lessons of other classes', async () => {
    await travelAcrossClasses();
  });

  it("a pupil without a suitable room: 'Kein passender Raum frei.'", async () => {
    await noRoomReason();
  });

  it('a teacher of another institution gets 404 on every school route', async () => {
    const calls = schoolRoutes({ schoolId, siteId: sites['Hauptstelle']!, roomId: rooms['Raum 1.03']!.id });
    expect(calls.length).toBeGreaterThanOrEqual(14);
    for (const c of calls) {
      expect(await stranger.call(c.method, c.path, c.body), `${c.method} ${c.path}`).toMatchObject({ status: 404, body: { detail: 'Schule nicht gefunden.' } });
    }
    expect((await office.get<{ rooms: unknown[] }>(`/api/schools/${schoolId}/rooms`)).body.rooms).toHaveLength(4);
  });
});
