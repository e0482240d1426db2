import { randomUUID } from 'node:crypto';
import { AppError, callUnary, grpc, Topic, type ScheduleSentPayload } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { schoolV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ago, bookingRows, daysAgo, roomOf, sendingMarks, sent, UNTIL } from './booking-fixture.js';
import { deliver, startHarness, type Harness, type Json, type StubAccount } from './helpers.js';

/** docs/adr/0033-room-bookings.md: sent plans book rooms; the calculation and the bookings page read them. */
let h: Harness;
let client: schoolV1.SchoolServiceClient;
let school: string;
let admin: StubAccount;
let teacherA: StubAccount;
let colleague: StubAccount;
let stranger: StubAccount;
let student: StubAccount;
let main: Json;
let branch: Json;
let grand: Json;
let plain: Json;
let far: Json;

const classA = randomUUID();
const classA2 = randomUUID();
const classB = randomUUID();
const classOld = randomUUID();
const [lena, max, paula, otto, ended] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const rows = (classId: string) => bookingRows(h.schema, classId);
const marks = (classId: string) => sendingMarks(h.schema, classId);

const planning = (schoolId: string, teacherId: string, classId: string) =>
  callUnary(client.getRoomPlanning.bind(client), client, { schoolId, teacherId, classId }, 5000);

const bookings = (as: StubAccount | undefined, query = '') => h.call('GET', `/api/schools/${school}/room-bookings${query}`, as);

beforeAll(async () => {
  h = await startHarness();
  client = testServiceClient(schoolV1.SchoolServiceClient, h.grpcAddr, 'school');
  school = h.accounts.institution('Musikschule Neuburg');
  admin = h.accounts.account('teacher', school, 'Olga Office');
  teacherA = h.accounts.account('teacher', school, 'Sabine Keller');
  colleague = h.accounts.account('teacher', school, 'Karl Kollege');
  student = h.accounts.account('student', school, 'Lena Vogel');
  stranger = h.accounts.account('teacher', h.accounts.institution('Andere Hochschule'), 'Fremde Lehrkraft');
  await callUnary(client.addAdministrator.bind(client), client, { institutionId: school, email: admin.email }, 5000);
  main = (await h.call('POST', `/api/schools/${school}/sites`, admin, { name: 'Hauptstelle' })).body.site;
  branch = (await h.call('POST', `/api/schools/${school}/sites`, admin, { name: 'GS Nord' })).body.site;
  await h.call('PUT', `/api/schools/${school}/travel`, admin, { travel: [{ from: main.id, to: branch.id, minutes: 25 }] });
  grand = (await h.call('POST', `/api/schools/${school}/rooms`, admin, { name: 'Raum 1.01', site_id: main.id, equipment: ['grand_piano'] })).body.room;
  plain = (await h.call('POST', `/api/schools/${school}/rooms`, admin, { name: 'Raum 1.02', site_id: main.id })).body.room;
  far = (
    await h.call('POST', `/api/schools/${school}/rooms`, admin, {
      name: 'Aula',
      site_id: branch.id,
      equipment: ['grand_piano'],
      times: { '0': ['14.00', '14.15', '14.30', '14.45'], '2': ['16.00'] },
    })
  ).body.room;
  h.classes.classes.set(classA, {
    teacherId: teacherA.userId,
    members: new Map([
      [lena, 'Lena Vogel'],
      [max, 'Max Muster'],
    ]),
  });
  h.classes.classes.set(classA2, { teacherId: teacherA.userId, members: new Map([[otto, 'Otto Orgel']]) });
  h.classes.classes.set(classB, { teacherId: colleague.userId, members: new Map([[paula, 'Paula Klein']]) });
});

afterAll(async () => {
  client?.close();
  await h?.stop();
});

describe('schedule.sent.v1 books rooms', () => {
  const first = () =>
    sent(classA, teacherA.userId, {
      [lena]: [{ day: 0, start: 36, end: 38, week: null, room: roomOf(grand, main) }],
      [max]: [
        { day: 1, start: 40, end: 42, week: 'A', room: roomOf(plain, main) },
        { day: 2, start: 40, end: 42 },
        { day: 3, start: 40, end: 42, room: { id: randomUUID(), name: 'Weg', site_id: main.id, site_name: 'Hauptstelle' } },
      ],
    });
  let sending: ScheduleSentPayload;

  it('books one row per lesson with a known room; a lesson without a room or in an unknown room books none', async () => {
    sending = first();
    await deliver(Topic.ScheduleSent, sending);
    const booked = await rows(classA);
    expect(booked.map(({ id: _id, ...r }) => r)).toEqual([
      { room_id: grand.id, class_id: classA, member_id: lena, sending_id: sending.sending_id, day: 0, start_slot: 36, end_slot: 38, week: null, until: UNTIL },
      { room_id: plain.id, class_id: classA, member_id: max, sending_id: sending.sending_id, day: 1, start_slot: 40, end_slot: 42, week: 'A', until: UNTIL },
    ]);
  });

  it('a redelivered sending changes nothing (same rows, same ids)', async () => {
    const before = await rows(classA);
    await deliver(Topic.ScheduleSent, sending);
    await deliver(Topic.ScheduleSent, { ...sending, lessons: {} });
    expect(await rows(classA)).toEqual(before);
  });

  it('an older sending arriving after a newer one changes nothing; a newer one replaces the class’s bookings', async () => {
    const before = await rows(classA);
    const older = sent(classA, teacherA.userId, { [lena]: [{ day: 4, start: 50, end: 52, room: roomOf(far, branch) }] }, { sent_at: ago(7) });
    await deliver(Topic.ScheduleSent, older);
    expect(await rows(classA)).toEqual(before);
    const newer = sent(classA, teacherA.userId, { [lena]: [{ day: 0, start: 36, end: 40, room: roomOf(grand, main) }], [max]: [] }, { sent_at: ago(5) });
    await deliver(Topic.ScheduleSent, newer);
    expect((await rows(classA)).map((r) => [r.member_id, r.day, r.start_slot, r.end_slot, r.sending_id])).toEqual([[lena, 0, 36, 40, newer.sending_id]]);
    // The first sending again (older than the newer one): still nothing.
    await deliver(Topic.ScheduleSent, sending);
    expect((await rows(classA)).map((r) => r.sending_id)).toEqual([newer.sending_id]);
  });

  it('books the colleague’s, the teacher’s other class’s and an ended plan’s lessons', async () => {
    await deliver(Topic.ScheduleSent, sent(classB, colleague.userId, { [paula]: [{ day: 0, start: 38, end: 42, room: roomOf(grand, main) }] }));
    await deliver(Topic.ScheduleSent, sent(classA2, teacherA.userId, { [otto]: [{ day: 0, start: 56, end: 58, week: 'B', room: roomOf(far, branch) }] }));
    await deliver(
      Topic.ScheduleSent,
      sent(classOld, colleague.userId, { [ended]: [{ day: 0, start: 36, end: 38, room: roomOf(plain, main) }] }, { until: daysAgo(2) }),
    );
    expect(await rows(classB)).toHaveLength(1);
    expect(await rows(classA2)).toHaveLength(1);
    expect(await rows(classOld)).toHaveLength(1);
  });
});

describe('schedule.sent.v1 that cannot be booked', () => {
  it('an impossible day books nothing; a member key that is no id is passed over', async () => {
    const odd = randomUUID();
    await deliver(
      Topic.ScheduleSent,
      sent(odd, teacherA.userId, { [lena]: [{ day: 0, start: 36, end: 38, room: roomOf(grand, main) }] }, { until: '2099-02-30' }),
    );
    expect(await rows(odd)).toEqual([]);
    expect(await marks(odd)).toBe(0);
    await deliver(
      Topic.ScheduleSent,
      sent(odd, teacherA.userId, {
        'kein-mitglied': [{ day: 0, start: 36, end: 38, room: roomOf(grand, main) }],
        [lena]: [
          { day: 0, start: 38, end: 38, room: roomOf(grand, main) },
          { day: 1, start: 90, end: 98, room: roomOf(grand, main) },
          { day: 2, start: 36, end: 38, room: roomOf(grand, main) },
        ],
      }),
    );
    expect((await rows(odd)).map((r) => [r.member_id, r.day])).toEqual([[lena, 2]]);
    await deliver(Topic.ClassDeleted, { class_id: odd, teacher_id: teacherA.userId });
    expect(await rows(odd)).toEqual([]);
  });
});

describe('gRPC GetRoomPlanning', () => {
  it('answers the rooms with sites, equipment and opening times, and the travel pairs', async () => {
    const res = await planning(school, teacherA.userId, classA);
    expect(res.rooms).toEqual([
      {
        roomId: far.id,
        name: 'Aula',
        siteId: branch.id,
        siteName: 'GS Nord',
        equipment: ['grand_piano', 'piano'],
        alwaysOpen: false,
        open: [
          { day: 0, start: 56, end: 60 },
          { day: 2, start: 64, end: 65 },
        ],
      },
      { roomId: grand.id, name: 'Raum 1.01', siteId: main.id, siteName: 'Hauptstelle', equipment: ['grand_piano', 'piano'], alwaysOpen: true, open: [] },
      { roomId: plain.id, name: 'Raum 1.02', siteId: main.id, siteName: 'Hauptstelle', equipment: [], alwaysOpen: true, open: [] },
    ]);
    const [a, b] = [main.id, branch.id].sort();
    expect(res.travel).toEqual([{ fromSiteId: a, toSiteId: b, minutes: 25 }]);
  });

  it('taken: every other class’s booking that has not ended (not the class’s own); teacher lessons: the teacher’s other classes', async () => {
    const res = await planning(school, teacherA.userId, classA);
    const span = (s: Json) => [s.classId, s.roomId, s.siteId, s.span.day, s.span.start, s.span.end, s.week];
    expect(res.taken.map(span)).toEqual([
      [classB, grand.id, main.id, 0, 38, 42, ''],
      [classA2, far.id, branch.id, 0, 56, 58, 'B'],
    ]);
    expect(res.teacherLessons.map(span)).toEqual([[classA2, far.id, branch.id, 0, 56, 58, 'B']]);
    // The colleague planning their class sees teacher A's lessons as taken, and none of their own class.
    const theirs = await planning(school, colleague.userId, classB);
    expect(theirs.taken.map((s) => s.classId).sort()).toEqual([classA, classA2].sort());
    expect(theirs.teacherLessons).toEqual([]);
  });

  it('NOT_FOUND unless the teacher belongs to the school; a call without a service token is refused', async () => {
    for (const [schoolId, teacherId] of [
      [school, stranger.userId],
      [school, student.userId],
      [randomUUID(), teacherA.userId],
    ]) {
      const err = await planning(schoolId!, teacherId!, classA).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('NOT_FOUND');
      expect((err as AppError).message).toBe('Schule nicht gefunden.');
    }
    const anonymous = new schoolV1.SchoolServiceClient(h.grpcAddr, grpc.credentials.createInsecure());
    try {
      const err = await callUnary(
        anonymous.getRoomPlanning.bind(anonymous),
        anonymous,
        { schoolId: school, teacherId: teacherA.userId, classId: classA },
        5000,
      ).catch((e: unknown) => e);
      expect((err as AppError).code).toBe('UNAUTHORIZED');
    } finally {
      anonymous.close();
    }
  });
});

describe('GET /api/schools/{schoolId}/room-bookings', () => {
  it('the administrators see every pupil’s name; ended bookings are not listed', async () => {
    const res = await bookings(admin);
    expect(res.status).toBe(200);
    expect(res.body.bookings).toEqual([
      { room_id: grand.id, day: 0, start: '9.00', end: '10.00', week: null, teacher_name: 'Sabine Keller', class_id: classA, student_name: 'Lena Vogel' },
      { room_id: grand.id, day: 0, start: '9.30', end: '10.30', week: null, teacher_name: 'Karl Kollege', class_id: classB, student_name: 'Paula Klein' },
      { room_id: far.id, day: 0, start: '14.00', end: '14.30', week: 'B', teacher_name: 'Sabine Keller', class_id: classA2, student_name: 'Otto Orgel' },
    ]);
  });

  it('a teacher sees their own pupils’ names, a colleague’s lessons only with the teacher’s name', async () => {
    const mine = (await bookings(teacherA)).body.bookings as Json[];
    expect(mine.map((b) => [b.class_id, b.teacher_name, b.student_name])).toEqual([
      [classA, 'Sabine Keller', 'Lena Vogel'],
      [classB, 'Karl Kollege', undefined],
      [classA2, 'Sabine Keller', 'Otto Orgel'],
    ]);
    expect(mine[1]).not.toHaveProperty('student_name');
    const theirs = (await bookings(colleague)).body.bookings as Json[];
    expect(theirs.map((b) => [b.class_id, b.student_name])).toEqual([
      [classA, undefined],
      [classB, 'Paula Klein'],
      [classA2, undefined],
    ]);
  });

  it('filters by site and day', async () => {
    expect(((await bookings(admin, `?site_id=${branch.id}`)).body.bookings as Json[]).map((b) => b.class_id)).toEqual([classA2]);
    expect(((await bookings(admin, `?site_id=${main.id}&day=0`)).body.bookings as Json[]).map((b) => b.class_id)).toEqual([classA, classB]);
    expect((await bookings(admin, '?day=3')).body).toEqual({ bookings: [] });
  });

  it('refuses a bad query with a German 400', async () => {
    const day = 'Der Tag muss eine ganze Zahl von 0 (Montag) bis 6 (Sonntag) sein.';
    const other = randomUUID();
    for (const [query, detail] of [
      ['?day=7', day],
      ['?day=Montag', day],
      ['?day=-1', day],
      ['?day=0&day=1', day],
      [`?site_id=${other}`, `Unbekannter Standort: „${other}“.`],
      ['?site_id=abc', 'Unbekannter Standort: „abc“.'],
    ]) {
      expect(await bookings(teacherA, query), query).toEqual({ status: 400, body: { detail } });
    }
  });

  it('answers 404 to another institution’s teacher, a student and an unknown school; 401 without a session', async () => {
    for (const who of [stranger, student]) expect(await bookings(who)).toEqual({ status: 404, body: { detail: 'Schule nicht gefunden.' } });
    expect((await h.call('GET', `/api/schools/${randomUUID()}/room-bookings`, admin)).status).toBe(404);
    expect((await bookings(undefined)).status).toBe(401);
  });

  it('a room with bookings that have not ended is not deleted (409); one with only ended bookings is', async () => {
    expect(await h.call('DELETE', `/api/schools/${school}/rooms/${far.id}`, admin)).toEqual({
      status: 409,
      body: {
        detail:
          'Der Raum „Aula“ ist noch für eine Unterrichtsstunde versendeter Pläne gebucht. Er kann gelöscht werden, wenn die Lehrkräfte ihre Pläne ohne ihn neu versendet haben oder die Pläne abgelaufen sind.',
      },
    });
    expect(await h.call('DELETE', `/api/schools/${school}/rooms/${plain.id}`, admin)).toEqual({ status: 200, body: { message: 'Raum gelöscht' } });
    expect(await rows(classOld)).toEqual([]);
  });
});

describe('deletion events remove bookings', () => {
  it('member.removed.v1: the member’s bookings go', async () => {
    await deliver(Topic.MemberRemoved, { class_id: classA2, member_id: otto, user_id: null });
    expect(await rows(classA2)).toEqual([]);
    expect(await rows(classA)).toHaveLength(1);
  });

  it('user.deleted.v1: a deleted teacher’s bookings go', async () => {
    await deliver(Topic.UserDeleted, { user_id: colleague.userId, email: colleague.email, role_id: 1 });
    expect(await rows(classB)).toEqual([]);
    expect(await rows(classA)).toHaveLength(1);
  });

  it('class.deleted.v1: the class’s bookings and the mark of its last sending go; nothing of the class is left', async () => {
    expect(await marks(classA)).toBe(1);
    await deliver(Topic.ClassDeleted, { class_id: classA, teacher_id: teacherA.userId });
    expect(await rows(classA)).toEqual([]);
    expect(await marks(classA)).toBe(0);
    expect((await bookings(admin)).body).toEqual({ bookings: [] });
  });

  it('a sending without rooms frees the class’s rooms; a class that never booked one leaves no trace', async () => {
    await deliver(
      Topic.ScheduleSent,
      sent(classB, colleague.userId, { [paula]: [{ day: 0, start: 38, end: 42, room: roomOf(grand, main) }] }, { sent_at: ago(1) }),
    );
    expect(await rows(classB)).toHaveLength(1);
    await deliver(Topic.ScheduleSent, sent(classB, colleague.userId, { [paula]: [{ day: 0, start: 38, end: 42 }] }, { sent_at: ago(0.5) }));
    expect(await rows(classB)).toEqual([]);
    const plain = randomUUID();
    await deliver(Topic.ScheduleSent, sent(plain, colleague.userId, { [paula]: [{ day: 0, start: 38, end: 42 }] }));
    expect(await marks(plain)).toBe(0);
  });
});
