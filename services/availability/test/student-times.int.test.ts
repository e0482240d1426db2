import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, Topic } from '@stundenplan/base';
import { call, person, span, startHarness, waitFor, type Harness, type Person } from './harness.js';

/** A student's own times: GET/PUT /api/me/available-times and GET /api/me/teachers-time-ranges. */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const OUTSIDE = (day: string, time: string) => `Die Zeit ${day} ${time} liegt außerhalb des von deinen Lehrkräften freigegebenen Zeitraums.`;

/** A class of a fresh teacher with a range set through the API (exact = the teacher's times). */
async function classWithRange(times: Record<string, string[]>): Promise<{ teacher: Person; classId: string }> {
  const teacher = await person(h, 'teacher');
  const classId = h.classes.addClass(teacher.userId);
  expect((await call(h, 'PUT', `/api/classes/${classId}/available-times`, teacher, { available_times: times })).status).toBe(200);
  expect((await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, teacher)).status).toBe(200);
  return { teacher, classId };
}

async function storedUserRows(userId: string) {
  return h.rows('SELECT user_id FROM user_times WHERE user_id = $1', [userId]);
}

describe('GET /api/me/available-times', () => {
  it('when a student never saved times, answers empty times and last_modified null', async () => {
    const student = await person(h, 'student');
    const res = await call(h, 'GET', '/api/me/available-times', student);
    expect(res).toEqual({ status: 200, body: { available_times_response: { available_times: {}, preferred_times: {}, last_modified: null } } });
  });

  it('when a teacher calls it, answers 403', async () => {
    const teacher = await person(h, 'teacher');
    const res = await call(h, 'GET', '/api/me/available-times', teacher);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
  });

  it('without a session, answers 401', async () => {
    expect((await call(h, 'GET', '/api/me/available-times')).status).toBe(401);
  });
});

describe('PUT /api/me/available-times', () => {
  it('when no class has a range, stores any valid times, canonical and sorted, and GET returns them', async () => {
    const student = await person(h, 'student');
    const res = await call(h, 'PUT', '/api/me/available-times', student, {
      available_times: { '6': ['23.45', '0.00'], '0': ['09.15', '9.00', '9.00'], '3': [] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      available_times: { '0': ['9.00', '9.15'], '6': ['0.00', '23.45'] },
      message: 'Verfügbare Zeiten erfolgreich gespeichert',
    });
    expect(Date.parse(res.body.last_modified as string)).toBeGreaterThan(Date.now() - 60_000);
    const got = await call(h, 'GET', '/api/me/available-times', student);
    expect(got.body).toEqual({
      available_times_response: {
        available_times: { '0': ['9.00', '9.15'], '6': ['0.00', '23.45'] },
        preferred_times: {},
        last_modified: res.body.last_modified,
      },
    });
    expect(h.classes.calls).toContainEqual({ method: 'ListMemberships', request: { userId: student.userId } });
  });

  it('publishes times.changed.v1 with the user id through the outbox', async () => {
    const student = await person(h, 'student');
    await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': ['10.00'] } });
    const event = await waitFor(() => h.published.find((e) => (e.payload as { user_id?: string }).user_id === student.userId));
    expect(event.topic).toBe(Topic.TimesChanged);
    expect(event.payload).toEqual({ kind: 'user', user_id: student.userId });
  });

  it('saving the same times again keeps last_modified and publishes nothing new', async () => {
    const student = await person(h, 'student');
    const first = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '2': ['8.00'] } });
    await waitFor(() => h.published.some((e) => (e.payload as { user_id?: string }).user_id === student.userId));
    const again = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '2': ['08.00'] } });
    expect(again.status).toBe(200);
    expect(again.body.last_modified).toBe(first.body.last_modified);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.published.filter((e) => (e.payload as { user_id?: string }).user_id === student.userId)).toHaveLength(1);
  });

  it('an empty map clears the times and moves last_modified', async () => {
    const student = await person(h, 'student');
    const first = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '2': ['8.00'] } });
    await new Promise((r) => setTimeout(r, 5));
    const cleared = await call(h, 'PUT', '/api/me/available-times', student, { available_times: {} });
    expect(cleared.status).toBe(200);
    expect(cleared.body.available_times).toEqual({});
    expect(Date.parse(cleared.body.last_modified as string)).toBeGreaterThan(Date.parse(first.body.last_modified as string));
  });

  it('when a teacher calls it, answers 403 and stores nothing', async () => {
    const teacher = await person(h, 'teacher');
    const res = await call(h, 'PUT', '/api/me/available-times', teacher, { available_times: { '0': ['9.00'] } });
    expect(res.status).toBe(403);
    expect(await storedUserRows(teacher.userId)).toEqual([]);
  });

  it("asks the classes service for the student's classes once, and again only after a change there", async () => {
    const student = await person(h, 'student');
    const first = await classWithRange({ '0': span(36, 48) }); // Mo 9.00-12.00;
    h.classes.join(student.userId, first.classId);
    const asked = () => h.classes.calls.filter((c) => c.method === 'ListMemberships' && (c.request as { userId: string }).userId === student.userId).length;
    const save = (labels: string[]) => call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': labels } });
    expect((await save(['9.00'])).status).toBe(200);
    expect((await save(['9.15'])).status).toBe(200);
    expect((await save(['9.30'])).status).toBe(200);
    expect(asked()).toBe(1);
    // A new class with another range: the next save must know it at once (no waiting for anything).
    const second = await classWithRange({ '0': span(52, 56) }); // Mo 13.00-14.00;
    h.classes.join(student.userId, second.classId);
    expect((await save(['13.00'])).status).toBe(200);
    expect(asked()).toBe(2);
    expect((await save(['15.00'])).body.detail).toBe(OUTSIDE('Montag', '15.00'));
  });

  describe('refuses malformed times with a German detail and stores nothing', () => {
    const cases: [string, unknown, string][] = [
      ['label 9.10 (not a quarter hour)', { '0': ['9.10'] }, 'Ungültige Zeitangabe: "9.10"'],
      ['label 25.00', { '0': ['25.00'] }, 'Ungültige Zeitangabe: "25.00"'],
      ['label -1.00', { '0': ['-1.00'] }, 'Ungültige Zeitangabe: "-1.00"'],
      ['label 24.00', { '0': ['24.00'] }, 'Ungültige Zeitangabe: "24.00"'],
      ['a number instead of a label', { '0': [9] }, 'Ungültige Zeitangabe: "9"'],
      ['day key 7', { '7': ['9.00'] }, 'Ungültiger Wochentag: "7"'],
      ['day key "x"', { x: ['9.00'] }, 'Ungültiger Wochentag: "x"'],
      ['day key null', { null: ['9.00'] }, 'Ungültiger Wochentag: "null"'],
      ['day key -1', { '-1': ['9.00'] }, 'Ungültiger Wochentag: "-1"'],
      ['a day value that is not a list', { '0': '9.00' }, 'Die Zeiten für Wochentag "0" müssen als Liste angegeben werden.'],
      ['10,000 labels on one day', { '0': Array.from({ length: 10_000 }, () => '9.00') }, 'Zu viele Zeitangaben für Wochentag "0" (höchstens 96).'],
      ['available_times null', null, 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
      ['available_times a list', [['9.00']], 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
    ];
    it.each(cases)('%s', async (_name, times, detail) => {
      const student = await person(h, 'student');
      const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: times });
      expect(res).toEqual({ status: 400, body: { detail } });
      expect(await storedUserRows(student.userId)).toEqual([]);
    });

    it('a body without available_times', async () => {
      const student = await person(h, 'student');
      const res = await call(h, 'PUT', '/api/me/available-times', student, { times: { '0': ['9.00'] } });
      expect(res).toEqual({ status: 400, body: { detail: 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.' } });
      expect(await storedUserRows(student.userId)).toEqual([]);
    });

    it('a refused save leaves earlier times untouched', async () => {
      const student = await person(h, 'student');
      const ok = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '4': ['12.00'] } });
      const bad = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '4': ['12.00', '12.05'] } });
      expect(bad.status).toBe(400);
      const got = await call(h, 'GET', '/api/me/available-times', student);
      expect(got.body).toEqual({
        available_times_response: { available_times: { '4': ['12.00'] }, preferred_times: {}, last_modified: ok.body.last_modified },
      });
    });
  });
});

describe('PUT /api/me/available-times within the window', () => {
  describe("the student's window (ranges of their classes, padded by 4 slots)", () => {
    it('accepts times inside the padded range: 4 slots before and after', async () => {
      const { classId } = await classWithRange({ '0': span(36, 40) }); // Mo 9.00-10.00
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': span(32, 44) } }); // 8.00-11.00
      expect(res.status).toBe(200);
      expect(res.body.available_times).toEqual({ '0': span(32, 44) });
    });

    it('refuses a time one slot before the padded range, naming day and time, and stores nothing', async () => {
      const { classId } = await classWithRange({ '0': span(36, 40) });
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['7.45', '8.00', '9.00'] } });
      expect(res).toEqual({ status: 400, body: { detail: OUTSIDE('Montag', '7.45') } });
      expect(await storedUserRows(student.userId)).toEqual([]);
    });

    it('refuses a time one slot after the padded range', async () => {
      const { classId } = await classWithRange({ '0': span(36, 40) });
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['11.00'] } });
      expect(res).toEqual({ status: 400, body: { detail: OUTSIDE('Montag', '11.00') } });
    });

    it('refuses a day without any range (days without a range are hidden), naming the first offending day', async () => {
      const { classId } = await classWithRange({ '0': span(36, 40) });
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '6': ['9.00'], '2': ['7.00'] } });
      expect(res).toEqual({ status: 400, body: { detail: OUTSIDE('Mittwoch', '7.00') } });
      expect(await storedUserRows(student.userId)).toEqual([]);
    });

    it('is the union over all classes of the student; a class without range adds nothing', async () => {
      const a = await classWithRange({ '0': span(36, 40) });
      const b = await classWithRange({ '2': span(60, 64) }); // Mi 15.00-16.00
      const teacherC = await person(h, 'teacher');
      const noRange = h.classes.addClass(teacherC.userId);
      const student = await person(h, 'student');
      h.classes.join(student.userId, a.classId, b.classId, noRange);
      const ok = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['8.00'], '2': ['14.00', '16.45'] } });
      expect(ok.status).toBe(200);
      const bad = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': ['9.00'] } });
      expect(bad.body.detail).toBe(OUTSIDE('Dienstag', '9.00'));
    });

    it('when none of the classes has a range, every day is open', async () => {
      const teacher = await person(h, 'teacher');
      const classId = h.classes.addClass(teacher.userId);
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': ['0.00'], '6': ['23.45'] } });
      expect(res.status).toBe(200);
    });

    it('padding at day edges stays within the day: a range from 0.00 allows 0.00 but the day before stays closed', async () => {
      const { classId } = await classWithRange({ '1': ['0.00'], '2': ['23.45'] });
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      const ok = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '1': span(0, 5), '2': span(91, 96) } });
      expect(ok.status).toBe(200);
      const bad = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['23.45'] } });
      expect(bad.body.detail).toBe(OUTSIDE('Montag', '23.45'));
      const after = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '3': ['0.00'] } });
      expect(after.body.detail).toBe(OUTSIDE('Donnerstag', '0.00'));
    });

    it('times stored before the teacher narrowed the range may be kept, new ones outside may not', async () => {
      const teacher = await person(h, 'teacher');
      const classId = h.classes.addClass(teacher.userId);
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      expect((await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '4': ['18.00'] } })).status).toBe(200);
      await call(h, 'PUT', `/api/classes/${classId}/available-times`, teacher, { available_times: { '0': span(36, 40) } });
      await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, teacher);
      const keep = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '4': ['18.00'], '0': ['9.00'] } });
      expect(keep.status).toBe(200);
      const add = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '4': ['18.00', '18.15'], '0': ['9.00'] } });
      expect(add.body.detail).toBe(OUTSIDE('Freitag', '18.15'));
    });

    it('a range the teacher changes applies to the very next save of a student who saved before', async () => {
      const { teacher, classId } = await classWithRange({ '0': span(36, 40) }); // Mo 9.00-10.00
      const student = await person(h, 'student');
      h.classes.join(student.userId, classId);
      for (const t of ['9.00', '9.15']) expect((await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': [t] } })).status).toBe(200);
      await call(h, 'PUT', `/api/classes/${classId}/available-times`, teacher, { available_times: { '3': span(60, 64) } }); // Do 15.00-16.00
      expect((await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, teacher)).status).toBe(200);
      const moved = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['9.15', '9.30'] } });
      expect(moved.body.detail).toBe(OUTSIDE('Montag', '9.30'));
      expect((await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '3': ['15.00'] } })).status).toBe(200);
    });

    it('when the classes service is down, answers 502 and stores nothing', async () => {
      const student = await person(h, 'student');
      h.classes.failWith = grpc.status.UNAVAILABLE;
      try {
        const res = await call(h, 'PUT', '/api/me/available-times', student, { available_times: { '0': ['9.00'] } });
        expect(res.status).toBe(502);
        expect(res.body.detail).toBe('Ein interner Dienst ist nicht erreichbar. Bitte versuche es später erneut.');
      } finally {
        h.classes.failWith = undefined;
      }
      expect(await storedUserRows(student.userId)).toEqual([]);
    });
  });
});

describe('GET /api/me/teachers-time-ranges', () => {
  it('without any range: an empty object and has_range false', async () => {
    const student = await person(h, 'student');
    const res = await call(h, 'GET', '/api/me/teachers-time-ranges', student);
    expect(res).toEqual({ status: 200, body: { time_ranges: {}, has_range: false } });
  });

  it("the padded union of the ranges of the student's classes, clamped at day edges", async () => {
    const a = await classWithRange({ '0': span(36, 40), '1': ['0.15'] });
    const b = await classWithRange({ '0': span(44, 46) });
    const student = await person(h, 'student');
    h.classes.join(student.userId, a.classId, b.classId);
    const res = await call(h, 'GET', '/api/me/teachers-time-ranges', student);
    expect(res).toEqual({ status: 200, body: { time_ranges: { '0': span(32, 50), '1': span(0, 6) }, has_range: true } });
  });

  it('ranges of classes the student does not belong to are not shown', async () => {
    await classWithRange({ '3': span(36, 40) });
    const student = await person(h, 'student');
    const res = await call(h, 'GET', '/api/me/teachers-time-ranges', student);
    expect(res.body).toEqual({ time_ranges: {}, has_range: false });
  });

  it('when a teacher calls it, answers 403', async () => {
    const teacher = await person(h, 'teacher');
    expect((await call(h, 'GET', '/api/me/teachers-time-ranges', teacher)).status).toBe(403);
  });
});
