import { randomUUID } from 'node:crypto';
import { AppError, callUnary, grpc, Topic } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { privacyV1, schoolV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomOf, sent, UNTIL } from './booking-fixture.js';
import { deliver, startHarness, type Harness, type Json, type StubAccount } from './helpers.js';

/**
 * The school service's part of 'Meine Daten herunterladen' (PersonalDataService, packages/contracts privacy.ts
 * exportSchool): the schools whose administration the person belongs to and the room bookings of their lessons,
 * nobody else's data.
 */
let h: Harness;
let school: schoolV1.SchoolServiceClient;
let privacy: privacyV1.PersonalDataServiceClient;
let schoolId: string;
let otherSchoolId: string;
let admin: StubAccount;
let teacher: StubAccount;
let colleague: StubAccount;
let student: StubAccount;
let room: Json;
let site: Json;
const classA = randomUUID();
const classB = randomUUID();
const [lena, max, paula] = [randomUUID(), randomUUID(), randomUUID()];

interface Part {
  administrations: { school_id: string; school_name: string; name: string; email: string; added_at: string }[];
  room_bookings: Record<string, unknown>[];
}

async function partOf(who: StubAccount, memberIds: string[] = []): Promise<Part> {
  const res = await callUnary(privacy.exportPersonalData.bind(privacy), privacy, { userId: who.userId, email: who.email, role: who.role, memberIds }, 5000);
  return JSON.parse(res.json) as Part;
}

beforeAll(async () => {
  h = await startHarness();
  school = testServiceClient(schoolV1.SchoolServiceClient, h.grpcAddr, 'school');
  privacy = testServiceClient(privacyV1.PersonalDataServiceClient, h.grpcAddr, 'school');
  schoolId = h.accounts.institution('Musikschule Neuburg');
  otherSchoolId = h.accounts.institution('Städtische Sing- und Musikschule');
  admin = h.accounts.account('teacher', schoolId, 'Olga Office');
  teacher = h.accounts.account('teacher', schoolId, 'Sabine Keller');
  colleague = h.accounts.account('teacher', schoolId, 'Karl Kollege');
  student = h.accounts.account('student', schoolId, 'Lena Vogel');
  for (const [institutionId, email] of [
    [schoolId, admin.email],
    [schoolId, colleague.email],
    [otherSchoolId, admin.email],
  ]) {
    await callUnary(school.addAdministrator.bind(school), school, { institutionId: institutionId!, email: email! }, 5000);
  }
  site = (await h.call('POST', `/api/schools/${schoolId}/sites`, admin, { name: 'Hauptstelle' })).body.site;
  room = (await h.call('POST', `/api/schools/${schoolId}/rooms`, admin, { name: 'Raum 1.01', site_id: site.id })).body.room;
  await deliver(
    Topic.ScheduleSent,
    sent(classA, teacher.userId, {
      [lena]: [{ day: 0, start: 36, end: 39, week: null, room: roomOf(room, site) }],
      [max]: [{ day: 1, start: 40, end: 42, week: 'A', room: roomOf(room, site) }],
    }),
  );
  await deliver(Topic.ScheduleSent, sent(classB, colleague.userId, { [paula]: [{ day: 2, start: 44, end: 46, week: null, room: roomOf(room, site) }] }));
});

afterAll(async () => {
  school?.close();
  privacy?.close();
  await h?.stop();
});

describe('PersonalDataService: the school service’s part of a copy of one’s data', () => {
  it('an administrator: each school with its name and what is kept of them there, no other administrator', async () => {
    const part = await partOf(admin);
    expect(part.administrations.map(({ added_at: _at, ...a }) => a).sort((x, y) => x.school_name.localeCompare(y.school_name))).toEqual([
      { school_id: schoolId, school_name: 'Musikschule Neuburg', name: 'Olga Office', email: admin.email },
      { school_id: otherSchoolId, school_name: 'Städtische Sing- und Musikschule', name: 'Olga Office', email: admin.email },
    ]);
    expect(part.administrations.every((a) => !Number.isNaN(Date.parse(a.added_at)))).toBe(true);
    expect(JSON.stringify(part)).not.toContain(colleague.email);
    expect(part.room_bookings).toEqual([]);
  });

  it('a teacher: the room bookings of their lessons (room, day, time, class), without the pupils; not a colleague’s', async () => {
    const part = await partOf(teacher);
    expect(part.administrations).toEqual([]);
    const common = { school_id: schoolId, class_id: classA, room_name: 'Raum 1.01', site_name: 'Hauptstelle', from: '2026-09-01', until: UNTIL };
    expect(part.room_bookings).toEqual([
      { ...common, day: 0, start: '9.00', end: '9.45', week: null },
      { ...common, day: 1, start: '10.00', end: '10.30', week: 'A' },
    ]);
    const text = JSON.stringify(part);
    for (const other of [lena, max, paula, classB, colleague.userId]) expect(text).not.toContain(other);
  });

  it('a student: the bookings of their own memberships only; an administrator who also teaches gets both parts', async () => {
    const part = await partOf(student, [lena]);
    expect(part.room_bookings).toEqual([
      {
        school_id: schoolId,
        class_id: classA,
        room_name: 'Raum 1.01',
        site_name: 'Hauptstelle',
        day: 0,
        start: '9.00',
        end: '9.45',
        week: null,
        from: '2026-09-01',
        until: UNTIL,
      },
    ]);
    expect(JSON.stringify(part)).not.toContain(max);
    const both = await partOf(colleague);
    expect(both.administrations.map((a) => a.school_id)).toEqual([schoolId]);
    expect(both.room_bookings.map((b) => [b.class_id, b.day])).toEqual([[classB, 2]]);
  });

  it('a person unknown to the service gets empty lists', async () => {
    expect(await partOf(h.accounts.account('student', schoolId, 'Niemand'), [randomUUID()])).toEqual({ administrations: [], room_bookings: [] });
  });

  it('refuses a request without a user id and a call without a service token', async () => {
    const bad = await callUnary(privacy.exportPersonalData.bind(privacy), privacy, { userId: 'x', email: '', role: 'teacher', memberIds: [] }, 5000).catch(
      (e: unknown) => e,
    );
    expect((bad as AppError).code).toBe('BAD_REQUEST');
    const anonymous = new privacyV1.PersonalDataServiceClient(h.grpcAddr, grpc.credentials.createInsecure());
    try {
      const err = await callUnary(
        anonymous.exportPersonalData.bind(anonymous),
        anonymous,
        { userId: admin.userId, email: admin.email, role: 'teacher', memberIds: [] },
        5000,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('UNAUTHORIZED');
    } finally {
      anonymous.close();
    }
  });

  it('after the account’s deletion (user.deleted.v1) the service keeps nothing of it', async () => {
    await deliver(Topic.UserDeleted, { user_id: colleague.userId, email: colleague.email, role_id: 1 });
    expect(await partOf(colleague)).toEqual({ administrations: [], room_bookings: [] });
  });
});
