import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, mapToWeekTimes, slotsToWeekTimes, Topic } from '@stundenplan/base';
import type { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots } from '@stundenplan/timegrid';
import { call, deliver, person, rpc, span, startHarness, waitFor, type Harness } from './harness.js';

/** gRPC AvailabilityService (classes, solver) and the consumed deletion events. */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

/** Times as a caller sends them (labels per day). */
const week = (days: Record<number, string[]>): availabilityV1.WeekTimes => mapToWeekTimes(days);
/** Times as the service answers them: the compact form (WeekTimes.form.slots), nothing when empty. */
const answered = (days: Record<number, string[]>): availabilityV1.WeekTimes => slotsToWeekTimes(WeekSlots.fromTimesMap(days));

const setMemberTimes = (classId: string, memberId: string, availableTimes: availabilityV1.WeekTimes | undefined) =>
  rpc<availabilityV1.SetMemberTimesRequest, availabilityV1.SetMemberTimesResponse>(h, 'setMemberTimes', {
    classId,
    memberId,
    availableTimes,
    preferredTimes: undefined,
    keepAvailableTimes: false,
  });

/** GetPlanningData naming the members in `members` (userIds parallel to memberIds, or empty). */
const planningData = (classId: string, memberIds: string[] = [], userIds: string[] = []) =>
  rpc<availabilityV1.GetPlanningDataRequest, availabilityV1.GetPlanningDataResponse>(h, 'getPlanningData', {
    classId,
    members: memberIds.map((memberId, i) => ({ memberId, userId: userIds[i] ?? '' })),
    memberIds: [],
    userIds: [],
  });

const memberRows = (memberId: string) => h.rows('SELECT member_id, class_id FROM member_times WHERE member_id = $1', [memberId]);

/** A class with teacher times and an extended range, one registered and one unregistered member with times. */
async function plannedClass() {
  const teacher = await person(h, 'teacher');
  const classId = h.classes.addClass(teacher.userId);
  await call(h, 'PUT', `/api/classes/${classId}/available-times`, teacher, { available_times: { '0': span(36, 40) } });
  await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher, { extraMinutes: 30 });
  const student = await person(h, 'student');
  h.classes.join(student.userId, classId);
  const own = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['8.30', '9.00'] } });
  const registered = randomUUID();
  const unregistered = randomUUID();
  await setMemberTimes(classId, registered, week({ 0: ['9.00', '9.15'] }));
  await setMemberTimes(classId, unregistered, week({ 4: ['16.00'] }));
  return { teacher, classId, student, registered, unregistered, lastModified: own.body.last_modified as string };
}

describe('SetMemberTimes', () => {
  it('stores the teacher-entered times canonical and answers them', async () => {
    const classId = randomUUID();
    const memberId = randomUUID();
    const res = await setMemberTimes(classId, memberId, week({ 2: ['10.15', '10.00', '10.00'] }));
    expect(res.availableTimes).toEqual(answered({ 2: ['10.00', '10.15'] }));
    expect(await memberRows(memberId)).toEqual([{ member_id: memberId, class_id: classId }]);
    const e = await waitFor(() => h.published.find((x) => (x.payload as { member_id?: string }).member_id === memberId));
    expect(e.payload).toEqual({ kind: 'member', class_id: classId, member_id: memberId });
  });

  it('unset times clear the member times', async () => {
    const classId = randomUUID();
    const memberId = randomUUID();
    await setMemberTimes(classId, memberId, week({ 2: ['10.00'] }));
    const res = await setMemberTimes(classId, memberId, undefined);
    expect(res.availableTimes).toEqual(answered({}));
    expect((await planningData(classId, [memberId])).members[0]?.availableTimes).toEqual(answered({}));
  });

  it.each([
    ['label 9.10', week({ 0: ['9.10'] }), 'Ungültige Zeitangabe: "9.10"'],
    ['label 25.00', week({ 0: ['25.00'] }), 'Ungültige Zeitangabe: "25.00"'],
    ['label -1.00', week({ 0: ['-1.00'] }), 'Ungültige Zeitangabe: "-1.00"'],
    ['day 7', week({ 7: ['9.00'] }), 'Ungültiger Wochentag: "7"'],
    ['day -1', week({ [-1]: ['9.00'] }), 'Ungültiger Wochentag: "-1"'],
    ['10,000 labels', week({ 0: Array.from({ length: 10_000 }, () => '9.00') }), 'Zu viele Zeitangaben für Wochentag "0" (höchstens 96).'],
  ])('%s: INVALID_ARGUMENT with the German detail, nothing stored', async (_name, times, detail) => {
    const memberId = randomUUID();
    const err = (await setMemberTimes(randomUUID(), memberId, times).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(err.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(err.details).toBe(detail);
    expect(await memberRows(memberId)).toEqual([]);
  });

  it('a member stored under another class: PERMISSION_DENIED, times unchanged', async () => {
    const classId = randomUUID();
    const memberId = randomUUID();
    await setMemberTimes(classId, memberId, week({ 1: ['9.00'] }));
    const err = (await setMemberTimes(randomUUID(), memberId, week({ 1: ['10.00'] })).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(err.code).toBe(grpc.status.PERMISSION_DENIED);
    expect((await planningData(classId, [memberId])).members[0]?.availableTimes).toEqual(answered({ 1: ['9.00'] }));
  });

  it('missing class_id or member_id: INVALID_ARGUMENT', async () => {
    const err = (await setMemberTimes('', randomUUID(), week({})).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(err.code).toBe(grpc.status.INVALID_ARGUMENT);
  });
});

describe('GetPlanningData', () => {
  it('answers teacher times, range, mode, extra minutes and each member with both time sources', async () => {
    const c = await plannedClass();
    const res = await planningData(c.classId, [c.registered, c.unregistered], [c.student.userId, '']);
    expect(res).toEqual({
      teacherTimes: answered({ 0: span(36, 40) }),
      timeRange: answered({ 0: span(34, 42) }),
      rangeMode: 'extended',
      extraMinutes: 30,
      members: [
        {
          memberId: c.registered,
          userId: c.student.userId,
          availableTimes: answered({ 0: ['9.00', '9.15'] }),
          availableTimesUserInput: answered({ 0: ['8.30', '9.00'] }),
          availableTimesUserInputLastModified: '',
          userInputUpdateTime: new Date(c.lastModified),
          preferredTimes: answered({}),
          preferredTimesUserInput: answered({}),
        },
        {
          memberId: c.unregistered,
          userId: '',
          availableTimes: answered({ 4: ['16.00'] }),
          availableTimesUserInput: answered({}),
          availableTimesUserInputLastModified: '',
          preferredTimes: answered({}),
          preferredTimesUserInput: answered({}),
        },
      ],
    });
  });

  it('without member ids: every member of the class with stored times (teacher-entered only)', async () => {
    const c = await plannedClass();
    const res = await planningData(c.classId);
    expect(res.members.map((m) => m.memberId).sort()).toEqual([c.registered, c.unregistered].sort());
  });

  it('a class without anything: empty teacher times, no range, mode "" and 0 extra minutes; unknown members get empty times', async () => {
    const memberId = randomUUID();
    const res = await planningData(randomUUID(), [memberId], ['']);
    expect(res).toEqual({
      teacherTimes: answered({}),
      timeRange: undefined,
      rangeMode: '',
      extraMinutes: 0,
      members: [
        {
          memberId,
          userId: '',
          availableTimes: answered({}),
          availableTimesUserInput: answered({}),
          availableTimesUserInputLastModified: '',
          preferredTimes: answered({}),
          preferredTimesUserInput: answered({}),
        },
      ],
    });
  });

  it("never returns another class's member times", async () => {
    const c = await plannedClass();
    const res = await planningData(randomUUID(), [c.registered]);
    expect(res.members[0]?.availableTimes).toEqual(answered({}));
  });

  it('a sender before `members`: user_ids not parallel to member_ids is INVALID_ARGUMENT', async () => {
    const req = { classId: randomUUID(), members: [], memberIds: [randomUUID(), randomUUID()], userIds: [randomUUID()] };
    const err = (await rpc(h, 'getPlanningData', req).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(err.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('without class_id: INVALID_ARGUMENT', async () => {
    const err = (await planningData('', []).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(err.code).toBe(grpc.status.INVALID_ARGUMENT);
  });
});

describe('CountAnswered', () => {
  const countAnswered = (classes: availabilityV1.ClassMembers[]) =>
    rpc<availabilityV1.CountAnsweredRequest, availabilityV1.CountAnsweredResponse>(h, 'countAnswered', { classes });

  it("counts per class the members with teacher-entered times or the student's own times; emptied times do not count", async () => {
    const { classId, student, registered, unregistered } = await plannedClass();
    const emptied = randomUUID();
    await setMemberTimes(classId, emptied, week({ 1: ['10.00'] }));
    await setMemberTimes(classId, emptied, undefined);
    const silent = await person(h, 'student');
    const cleared = await person(h, 'student');
    h.classes.join(cleared.userId, classId);
    await call(h, 'PUT', '/api/me/available-times', cleared, { available_times: { '2': ['11.00'] } });
    await call(h, 'PUT', '/api/me/available-times', cleared, { available_times: {} });
    const other = await plannedClass();
    const res = await countAnswered([
      // own times only (registered member without teacher-entered times), teacher-entered only, none
      {
        classId,
        members: [
          { memberId: randomUUID(), userId: student.userId },
          { memberId: unregistered, userId: '' },
          { memberId: emptied, userId: '' },
          { memberId: randomUUID(), userId: silent.userId },
          { memberId: randomUUID(), userId: cleared.userId },
        ],
        memberIds: [],
        userIds: [],
      },
      { classId: other.classId, members: [{ memberId: other.registered, userId: '' }], memberIds: [], userIds: [] },
      { classId: other.classId, members: [], memberIds: [], userIds: [] },
    ]);
    expect(res.counts).toEqual([2, 1, 0]);
    // A sender before `members`: the parallel ids are still read.
    expect((await countAnswered([{ classId, members: [], memberIds: [registered], userIds: [] }])).counts).toEqual([1]);
  });

  it('user_ids not parallel to member_ids: INVALID_ARGUMENT', async () => {
    await expect(
      countAnswered([{ classId: randomUUID(), members: [], memberIds: [randomUUID(), randomUUID()], userIds: [randomUUID()] }]),
    ).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
    });
  });
});

describe('GetUserTimes', () => {
  it('answers each requested user in order, empty for a user without times', async () => {
    const student = await person(h, 'student');
    const saved = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '6': ['20.00'] } });
    const nobody = randomUUID();
    const res = await rpc<availabilityV1.GetUserTimesRequest, availabilityV1.GetUserTimesResponse>(h, 'getUserTimes', { userIds: [nobody, student.userId] });
    expect(res.users).toEqual([
      {
        memberId: '',
        userId: nobody,
        availableTimes: answered({}),
        availableTimesUserInput: answered({}),
        availableTimesUserInputLastModified: '',
        preferredTimes: answered({}),
        preferredTimesUserInput: answered({}),
      },
      {
        memberId: '',
        userId: student.userId,
        availableTimes: answered({}),
        availableTimesUserInput: answered({ 6: ['20.00'] }),
        availableTimesUserInputLastModified: '',
        userInputUpdateTime: new Date(saved.body.last_modified as string),
        preferredTimes: answered({}),
        preferredTimesUserInput: answered({}),
      },
    ]);
  });
});

describe('consumed events', () => {
  const processed = (eventId: string) => h.rows('SELECT status FROM processed_events WHERE event_id = $1', [eventId]);

  it('class.deleted.v1 deletes teacher times, range and member times of that class only; a second delivery is a no-op', async () => {
    const c = await plannedClass();
    const other = await plannedClass();
    const eventId = await deliver(h, Topic.ClassDeleted, { class_id: c.classId, teacher_id: c.teacher.userId });
    await waitFor(async () => (await processed(eventId)).length === 1);
    expect(await h.rows('SELECT 1 FROM class_teacher_times WHERE class_id = $1', [c.classId])).toEqual([]);
    expect(await h.rows('SELECT 1 FROM class_time_ranges WHERE class_id = $1', [c.classId])).toEqual([]);
    expect(await h.rows('SELECT 1 FROM member_times WHERE class_id = $1', [c.classId])).toEqual([]);
    // The student's own times belong to the user, not the class.
    expect(await h.rows('SELECT 1 FROM user_times WHERE user_id = $1', [c.student.userId])).toHaveLength(1);
    const rest = await planningData(other.classId, [other.registered]);
    expect(rest.rangeMode).toBe('extended');
    expect(rest.members[0]?.availableTimes).toEqual(answered({ 0: ['9.00', '9.15'] }));
    await deliver(h, Topic.ClassDeleted, { class_id: c.classId, teacher_id: c.teacher.userId }, eventId);
    expect(await processed(eventId)).toEqual([{ status: 'done' }]);
  });

  it('class.data-expired.v1 (retention) deletes the member and teacher times of that class only; range and own times stay', async () => {
    const c = await plannedClass();
    const other = await plannedClass();
    const eventId = await deliver(h, Topic.ClassDataExpired, { class_id: c.classId, teacher_id: c.teacher.userId });
    await waitFor(async () => (await processed(eventId)).length === 1);
    expect(await h.rows('SELECT 1 FROM member_times WHERE class_id = $1', [c.classId])).toEqual([]);
    expect(await h.rows('SELECT 1 FROM class_teacher_times WHERE class_id = $1', [c.classId])).toEqual([]);
    expect(await h.rows('SELECT 1 FROM class_time_ranges WHERE class_id = $1', [c.classId])).toHaveLength(1);
    expect(await h.rows('SELECT 1 FROM user_times WHERE user_id = $1', [c.student.userId])).toHaveLength(1);
    expect(await h.rows('SELECT 1 FROM member_times WHERE class_id = $1', [other.classId])).toHaveLength(2);
    expect(await h.rows('SELECT 1 FROM class_teacher_times WHERE class_id = $1', [other.classId])).toHaveLength(1);
  });

  it("member.removed.v1 deletes that member's times only", async () => {
    const c = await plannedClass();
    const eventId = await deliver(h, Topic.MemberRemoved, { class_id: c.classId, member_id: c.registered, user_id: c.student.userId });
    await waitFor(async () => (await processed(eventId)).length === 1);
    expect(await memberRows(c.registered)).toEqual([]);
    expect(await memberRows(c.unregistered)).toHaveLength(1);
  });

  it("user.deleted.v1 deletes the user's own times", async () => {
    const c = await plannedClass();
    const keep = await plannedClass();
    const eventId = await deliver(h, Topic.UserDeleted, { user_id: c.student.userId, email: 'geloescht@stud.example.org', role_id: 1 });
    await waitFor(async () => (await processed(eventId)).length === 1);
    expect(await h.rows('SELECT 1 FROM user_times WHERE user_id = $1', [c.student.userId])).toEqual([]);
    expect(await h.rows('SELECT 1 FROM user_times WHERE user_id = $1', [keep.student.userId])).toHaveLength(1);
    const got = await call(h, 'GET', '/api/me/available-times', c.student);
    expect(got.body).toEqual({ available_times_response: { available_times: {}, preferred_times: {}, last_modified: null } });
  });
});
