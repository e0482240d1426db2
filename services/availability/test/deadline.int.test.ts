import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapToWeekTimes, weekTimesToMap } from '@stundenplan/base';
import type { availabilityV1 } from '@stundenplan/proto';
import { berlinToday } from '@stundenplan/timegrid';
import { call, person, rpc, startHarness, type Harness } from './harness.js';

/** A class's deadline closes the students' own times unless the teacher allows late changes. */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) => berlinToday(new Date(Date.now() + days * DAY_MS));
const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

async function studentInClass(deadline: string | null, allowLateChanges: boolean) {
  const teacher = await person(h, 'teacher');
  const student = await person(h, 'student');
  const classId = h.classes.addClass(teacher.userId);
  if (deadline) h.classes.deadlines.set(classId, { deadline, allowLateChanges });
  h.classes.join(student.userId, classId);
  return { teacher, student, classId };
}

const save = (who: Awaited<ReturnType<typeof person>>, labels: string[]) =>
  call(h, 'PUT', '/api/me/available-times', who, { available_times: { '0': labels } });

describe('own times and the class deadline', () => {
  it('before and on the deadline day the student saves as usual', async () => {
    const { student } = await studentInClass(dayOffset(0), false);
    expect((await save(student, ['9.00'])).status).toBe(200);
    const later = await studentInClass(dayOffset(3), false);
    expect((await save(later.student, ['9.00'])).status).toBe(200);
  });

  it('after the deadline without late changes refuses with 409 and a German detail, and stores nothing', async () => {
    const { student } = await studentInClass(dayOffset(0), false);
    expect((await save(student, ['9.00'])).status).toBe(200);
    const passed = dayOffset(-1);
    h.classes.deadlines.set([...h.classes.memberships.get(student.userId)!][0]!, { deadline: passed, allowLateChanges: false });
    const res = await save(student, ['10.00']);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      `Die Frist für „Klavier“ ist am ${german(passed)} abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.`,
    );
    const got = await call(h, 'GET', '/api/me/available-times', student);
    expect((got.body.available_times_response as { available_times: unknown }).available_times).toEqual({ '0': ['9.00'] });
    // Saving the unchanged times again is no change and still answers 200.
    expect((await save(student, ['9.00'])).status).toBe(200);
  });

  it('after the deadline with late changes allowed the student still saves', async () => {
    const { student } = await studentInClass(dayOffset(-2), true);
    expect((await save(student, ['11.00'])).status).toBe(200);
  });

  it('one locked class among several locks the shared own times', async () => {
    const open = await studentInClass(null, false);
    const teacher2 = await person(h, 'teacher');
    const locked = h.classes.addClass(teacher2.userId);
    h.classes.deadlines.set(locked, { deadline: dayOffset(-5), allowLateChanges: false });
    h.classes.join(open.student.userId, locked);
    expect((await save(open.student, ['12.00'])).status).toBe(409);
  });

  it('the passed deadline of a class the student has not verified does not lock the own times', async () => {
    const open = await studentInClass(null, false);
    const stranger = await person(h, 'teacher');
    const added = h.classes.addClass(stranger.userId);
    h.classes.deadlines.set(added, { deadline: dayOffset(-5), allowLateChanges: false });
    // Added by a teacher without the student's consent: not verified yet.
    h.classes.joinUnverified(open.student.userId, added);
    expect((await save(open.student, ['12.00'])).status).toBe(200);
    expect((await save(open.student, ['12.15'])).status).toBe(200);
    // Once the student verifies the course, its deadline counts.
    h.classes.unverified.delete(`${open.student.userId}/${added}`);
    expect((await save(open.student, ['12.30'])).status).toBe(409);
  });

  it('teacher-entered member times stay editable after the deadline', async () => {
    const { classId } = await studentInClass(dayOffset(-1), false);
    const memberId = randomUUID();
    const res = await rpc<availabilityV1.SetMemberTimesRequest, availabilityV1.SetMemberTimesResponse>(h, 'setMemberTimes', {
      classId,
      memberId,
      availableTimes: mapToWeekTimes({ 1: ['9.00'] }),
      preferredTimes: undefined,
      keepAvailableTimes: false,
    });
    expect(weekTimesToMap(res.availableTimes)['1']).toEqual(['9.00']);
  });
});
