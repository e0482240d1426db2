import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, mapToWeekTimes, slotsToWeekTimes } from '@stundenplan/base';
import type { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots } from '@stundenplan/timegrid';
import { call, person, rpc, startHarness, type Harness } from './harness.js';

/** Preferred times (Wunschzeiten): the student's own (HTTP) and the teacher-entered ones (gRPC SetMemberTimes). */

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
const setMemberTimes = (req: Partial<availabilityV1.SetMemberTimesRequest>) =>
  rpc<availabilityV1.SetMemberTimesRequest, availabilityV1.SetMemberTimesResponse>(h, 'setMemberTimes', req as availabilityV1.SetMemberTimesRequest);
const planningData = (classId: string, memberIds: string[], userIds: string[]) =>
  rpc<availabilityV1.GetPlanningDataRequest, availabilityV1.GetPlanningDataResponse>(h, 'getPlanningData', { classId, members: [], memberIds, userIds });

describe('own preferred times (PUT/GET /api/me/available-times)', () => {
  it('stores preferred_times inside the available times and answers them in available_times_response', async () => {
    const student = await person(h, 'student');
    const res = await call(h, 'PUT', '/api/me/available-times', student, {
      available_times: { '0': ['9.00', '9.15', '9.30', '9.45'] },
      preferred_times: { '0': ['9.30', '9.15'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ available_times: { '0': ['9.00', '9.15', '9.30', '9.45'] }, preferred_times: { '0': ['9.15', '9.30'] } });
    const got = await call(h, 'GET', '/api/me/available-times', student);
    expect(got.body).toEqual({
      available_times_response: {
        available_times: { '0': ['9.00', '9.15', '9.30', '9.45'] },
        preferred_times: { '0': ['9.15', '9.30'] },
        last_modified: res.body.last_modified,
      },
    });
  });

  it('refuses a preferred slot outside the available times with 400 and the German detail; nothing changes', async () => {
    const student = await person(h, 'student');
    const ok = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': ['10.00'] }, preferred_times: { '1': ['10.00'] } });
    const bad = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': ['10.00', '10.15'] }, preferred_times: { '1': ['10.30'] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'Bevorzugte Zeiten müssen innerhalb deiner verfügbaren Zeiten liegen.' });
    const malformed = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': ['10.00'] }, preferred_times: { '1': ['10.05'] } });
    expect(malformed.status).toBe(400);
    const got = await call(h, 'GET', '/api/me/available-times', student);
    expect(got.body.available_times_response).toEqual({
      available_times: { '1': ['10.00'] },
      preferred_times: { '1': ['10.00'] },
      last_modified: ok.body.last_modified,
    });
  });

  it('without preferred_times keeps the stored ones, cut to the new times; an empty map clears them', async () => {
    const student = await person(h, 'student');
    await call(h, 'PUT', '/api/me/available-times', student, {
      available_times: { '2': ['8.00', '8.15', '8.30'] },
      preferred_times: { '2': ['8.00', '8.30'] },
    });
    const kept = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '2': ['8.15', '8.30'] } });
    expect(kept.body).toMatchObject({ available_times: { '2': ['8.15', '8.30'] }, preferred_times: { '2': ['8.30'] } });
    const cleared = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '2': ['8.15', '8.30'] }, preferred_times: {} });
    expect(cleared.body).toMatchObject({ preferred_times: {} });
    expect(await h.rows('SELECT preferred FROM user_times WHERE user_id = $1', [student.userId])).toEqual([{ preferred: null }]);
  });

  it('a change of the preferred times alone is a change (last_modified moves)', async () => {
    const student = await person(h, 'student');
    const first = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '3': ['9.00', '9.15'] } });
    await new Promise((r) => setTimeout(r, 5));
    const second = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '3': ['9.00', '9.15'] }, preferred_times: { '3': ['9.15'] } });
    expect(second.body.last_modified).not.toBe(first.body.last_modified);
  });
});

describe('teacher-entered preferred times (SetMemberTimes, GetPlanningData)', () => {
  it("stores and answers preferred_times; the student's own preferred times come as preferred_times_user_input", async () => {
    const student = await person(h, 'student');
    await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '4': ['14.00', '14.15'] }, preferred_times: { '4': ['14.15'] } });
    const classId = randomUUID();
    const memberId = randomUUID();
    const res = await setMemberTimes({ classId, memberId, availableTimes: week({ 0: ['9.00', '9.15'] }), preferredTimes: week({ 0: ['9.00'] }) });
    expect(res).toEqual({ availableTimes: answered({ 0: ['9.00', '9.15'] }), preferredTimes: answered({ 0: ['9.00'] }) });
    const data = await planningData(classId, [memberId], [student.userId]);
    expect(data.members[0]).toMatchObject({
      availableTimes: answered({ 0: ['9.00', '9.15'] }),
      preferredTimes: answered({ 0: ['9.00'] }),
      availableTimesUserInput: answered({ 4: ['14.00', '14.15'] }),
      preferredTimesUserInput: answered({ 4: ['14.15'] }),
    });
  });

  it('keep_available_times changes only the preferred times; a preferred slot outside is INVALID_ARGUMENT', async () => {
    const classId = randomUUID();
    const memberId = randomUUID();
    await setMemberTimes({ classId, memberId, availableTimes: week({ 5: ['10.00', '10.15'] }) });
    const res = await setMemberTimes({ classId, memberId, keepAvailableTimes: true, preferredTimes: week({ 5: ['10.15'] }) });
    expect(res).toEqual({ availableTimes: answered({ 5: ['10.00', '10.15'] }), preferredTimes: answered({ 5: ['10.15'] }) });
    const err = (await setMemberTimes({ classId, memberId, keepAvailableTimes: true, preferredTimes: week({ 5: ['11.00'] }) }).catch(
      (e: unknown) => e,
    )) as grpc.ServiceError;
    expect(err.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(err.details).toBe('Bevorzugte Zeiten müssen innerhalb der verfügbaren Zeiten liegen.');
    // New available times without preferred ones: the stored preferred times are cut to them.
    const cut = await setMemberTimes({ classId, memberId, availableTimes: week({ 5: ['10.00'] }) });
    expect(cut.preferredTimes).toEqual(answered({}));
  });
});
