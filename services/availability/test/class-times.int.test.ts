import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, person, span, startHarness, waitFor, type Harness, type Person } from './harness.js';

/** Teacher times and time ranges of a class: /api/classes/{id}/available-times and /time-range*. */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const RANGE_SAVED = 'Zeitraum für Klasse gespeichert';
const TEACHER_TIMES_FIRST = 'Bitte trage zuerst deine Verfügbarkeitszeiten ein.';

async function ownClass(): Promise<{ teacher: Person; classId: string }> {
  const teacher = await person(h, 'teacher');
  return { teacher, classId: h.classes.addClass(teacher.userId) };
}

async function putTeacherTimes(who: Person, classId: string, times: unknown) {
  return call(h, 'PUT', `/api/classes/${classId}/available-times`, who, { available_times: times });
}

const teacherRows = (classId: string) => h.rows('SELECT class_id FROM class_teacher_times WHERE class_id = $1', [classId]);
const rangeRows = (classId: string) =>
  h.rows<{ mode: string; extra_minutes: number | null }>('SELECT mode, extra_minutes FROM class_time_ranges WHERE class_id = $1', [classId]);

describe('GET and PUT /api/classes/{id}/available-times', () => {
  it('a new class has no teacher times', async () => {
    const { teacher, classId } = await ownClass();
    expect(await call(h, 'GET', `/api/classes/${classId}/available-times`, teacher)).toEqual({ status: 200, body: { available_times: {} } });
  });

  it('the owner stores times and reads them back canonical; GetClass was asked with the teacher id', async () => {
    const { teacher, classId } = await ownClass();
    const res = await putTeacherTimes(teacher, classId, { '0': ['9.15', '09.00'], '4': span(56, 60), '5': [] });
    expect(res).toEqual({ status: 200, body: { available_times: { '0': ['9.00', '9.15'], '4': span(56, 60) } } });
    expect(await call(h, 'GET', `/api/classes/${classId}/available-times`, teacher)).toEqual(res);
    expect(h.classes.calls).toContainEqual({ method: 'GetClass', request: { classId, teacherId: teacher.userId } });
  });

  it('publishes times.changed.v1 for the class', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '1': ['10.00'] });
    const e = await waitFor(() => h.published.find((x) => (x.payload as { class_id?: string }).class_id === classId));
    expect(e.payload).toEqual({ kind: 'teacher_times', class_id: classId });
  });

  it("another teacher's class: the same 404 as an unknown class for GET and PUT, nothing stored", async () => {
    const { classId } = await ownClass();
    const other = await person(h, 'teacher');
    const get = await call(h, 'GET', `/api/classes/${classId}/available-times`, other);
    expect(get).toEqual({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
    const put = await putTeacherTimes(other, classId, { '0': ['9.00'] });
    expect(put).toEqual({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
    expect(await teacherRows(classId)).toEqual([]);
  });

  it('an unknown class: 404 with the classes service detail', async () => {
    const teacher = await person(h, 'teacher');
    const res = await call(h, 'GET', '/api/classes/00000000-0000-4000-8000-000000000000/available-times', teacher);
    expect(res).toEqual({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
  });

  it('a class id that is not a UUID: 404 without asking the classes service', async () => {
    const teacher = await person(h, 'teacher');
    const before = h.classes.calls.length;
    const res = await call(h, 'PUT', '/api/classes/not-a-uuid/available-times', teacher, { available_times: { '0': ['9.00'] } });
    expect(res).toEqual({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
    expect(h.classes.calls.length).toBe(before);
  });

  it('a student calling class routes gets 403 and nothing is stored', async () => {
    const { classId } = await ownClass();
    const student = await person(h, 'student');
    expect((await call(h, 'GET', `/api/classes/${classId}/available-times`, student)).status).toBe(403);
    expect((await putTeacherTimes(student, classId, { '0': ['9.00'] })).status).toBe(403);
    expect((await call(h, 'GET', `/api/classes/${classId}/time-range`, student)).status).toBe(403);
    expect((await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, student)).status).toBe(403);
    expect((await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, student, { extraMinutes: 15 })).status).toBe(403);
    expect((await call(h, 'PUT', `/api/classes/${classId}/time-range`, student, { mode: 'custom', time_range: { '0': ['9.00'] } })).status).toBe(403);
    expect(await teacherRows(classId)).toEqual([]);
    expect(await rangeRows(classId)).toEqual([]);
  });

  it('without a session: 401', async () => {
    const { classId } = await ownClass();
    expect((await call(h, 'GET', `/api/classes/${classId}/available-times`)).status).toBe(401);
  });

  describe('refuses malformed teacher times with a German detail and keeps the stored ones', () => {
    const cases: [string, unknown, string][] = [
      ['label 9.10', { '0': ['9.10'] }, 'Ungültige Zeitangabe: "9.10"'],
      ['label 25.00', { '0': ['25.00'] }, 'Ungültige Zeitangabe: "25.00"'],
      ['label -1.00', { '0': ['-1.00'] }, 'Ungültige Zeitangabe: "-1.00"'],
      ['day key 7', { '7': ['9.00'] }, 'Ungültiger Wochentag: "7"'],
      ['day key "x"', { x: ['9.00'] }, 'Ungültiger Wochentag: "x"'],
      ['day key null', { null: ['9.00'] }, 'Ungültiger Wochentag: "null"'],
      ['10,000 labels', { '0': Array.from({ length: 10_000 }, (_, i) => (i % 2 ? '9.00' : '9.15')) }, 'Zu viele Zeitangaben für Wochentag "0" (höchstens 96).'],
      ['no map at all', 'Mo 9-12', 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
    ];
    it.each(cases)('%s', async (_name, times, detail) => {
      const { teacher, classId } = await ownClass();
      await putTeacherTimes(teacher, classId, { '2': ['10.00'] });
      const res = await putTeacherTimes(teacher, classId, times);
      expect(res).toEqual({ status: 400, body: { detail } });
      expect((await call(h, 'GET', `/api/classes/${classId}/available-times`, teacher)).body).toEqual({ available_times: { '2': ['10.00'] } });
    });
  });

  it('emptying the teacher times is allowed and deletes the class range that derives from them', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(36, 40) });
    await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher, { extraMinutes: 30 });
    expect(await rangeRows(classId)).toHaveLength(1);
    const res = await putTeacherTimes(teacher, classId, {});
    expect(res).toEqual({ status: 200, body: { available_times: {} } });
    expect(await teacherRows(classId)).toEqual([]);
    expect(await rangeRows(classId)).toEqual([]);
    expect((await call(h, 'GET', `/api/classes/${classId}/time-range`, teacher)).body).toEqual({ time_range: null, mode: null, extraMinutes: null });
  });

  it('changing teacher times re-derives an extended range; a custom range stays as picked', async () => {
    const a = await ownClass();
    await putTeacherTimes(a.teacher, a.classId, { '0': span(36, 40) });
    await call(h, 'POST', `/api/classes/${a.classId}/time-range/extended`, a.teacher, { extraMinutes: 15 });
    await putTeacherTimes(a.teacher, a.classId, { '1': span(40, 42) });
    expect((await call(h, 'GET', `/api/classes/${a.classId}/time-range`, a.teacher)).body).toEqual({
      time_range: { '1': span(39, 43) },
      mode: 'extended',
      extraMinutes: 15,
    });

    const b = await ownClass();
    await putTeacherTimes(b.teacher, b.classId, { '0': span(36, 40) });
    await call(h, 'PUT', `/api/classes/${b.classId}/time-range`, b.teacher, { mode: 'custom', time_range: { '3': ['12.00'] } });
    await putTeacherTimes(b.teacher, b.classId, { '1': span(40, 42) });
    expect((await call(h, 'GET', `/api/classes/${b.classId}/time-range`, b.teacher)).body).toEqual({
      time_range: { '3': ['12.00'] },
      mode: 'custom',
      extraMinutes: null,
    });
  });
});

describe('time range of a class', () => {
  it('GET without a range answers time_range, mode and extraMinutes null', async () => {
    const { teacher, classId } = await ownClass();
    expect(await call(h, 'GET', `/api/classes/${classId}/time-range`, teacher)).toEqual({
      status: 200,
      body: { time_range: null, mode: null, extraMinutes: null },
    });
  });

  it('exact: the range is the teacher times', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(36, 40), '2': ['14.00'] });
    const res = await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, teacher);
    expect(res).toEqual({ status: 200, body: { time_range: { '0': span(36, 40), '2': ['14.00'] }, mode: 'exact', extraMinutes: null, message: RANGE_SAVED } });
    expect((await call(h, 'GET', `/api/classes/${classId}/time-range`, teacher)).body).toEqual({
      time_range: { '0': span(36, 40), '2': ['14.00'] },
      mode: 'exact',
      extraMinutes: null,
    });
    const e = await waitFor(() =>
      h.published.find(
        (x) => (x.payload as { kind?: string; class_id?: string }).kind === 'time_range' && (x.payload as { class_id?: string }).class_id === classId,
      ),
    );
    expect(e.payload).toEqual({ kind: 'time_range', class_id: classId });
  });

  it.each([
    [15, 1],
    [30, 2],
    [45, 3],
    [60, 4],
  ])('extended with %i minutes pads the teacher times by %i slots each side', async (extraMinutes, slots) => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(40, 44), '3': span(60, 61) });
    const res = await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher, { extraMinutes });
    expect(res).toEqual({
      status: 200,
      body: { time_range: { '0': span(40 - slots, 44 + slots), '3': span(60 - slots, 61 + slots) }, mode: 'extended', extraMinutes, message: RANGE_SAVED },
    });
    expect(await rangeRows(classId)).toEqual([{ mode: 'extended', extra_minutes: extraMinutes }]);
  });

  it('extended without extraMinutes uses the default 15', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(40, 44) });
    const res = await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher);
    expect(res.body).toMatchObject({ time_range: { '0': span(39, 45) }, mode: 'extended', extraMinutes: 15 });
  });

  it('extended at the day edges stays within the day: 0.00 and 23.45 are not padded into other days', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '1': ['0.00'], '2': ['23.45'] });
    const res = await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher, { extraMinutes: 60 });
    expect(res.body.time_range).toEqual({ '1': span(0, 5), '2': span(91, 96) });
  });

  it.each([[20], [0], [75], ['30'], [15.5], [-15]])('extended with %j minutes is refused with a German detail and nothing is stored', async (extraMinutes) => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(40, 44) });
    const res = await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher, { extraMinutes });
    expect(res).toEqual({ status: 400, body: { detail: 'Ungültige Zusatzzeit. Erlaubt sind 15, 30, 45 oder 60 Minuten.' } });
    expect(await rangeRows(classId)).toEqual([]);
  });

  it('exact, extended and custom need teacher times first', async () => {
    const { teacher, classId } = await ownClass();
    for (const [method, path, body] of [
      ['POST', 'time-range/exact', undefined],
      ['POST', 'time-range/extended', { extraMinutes: 30 }],
      ['PUT', 'time-range', { mode: 'custom', time_range: { '0': ['9.00'] } }],
    ] as const) {
      const res = await call(h, method, `/api/classes/${classId}/${path}`, teacher, body);
      expect(res).toEqual({ status: 400, body: { detail: TEACHER_TIMES_FIRST } });
    }
    expect(await rangeRows(classId)).toEqual([]);
  });

  it('custom: stores the picked range as given (canonical), independent of the teacher times', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(40, 44) });
    const res = await call(h, 'PUT', `/api/classes/${classId}/time-range`, teacher, { mode: 'custom', time_range: { '5': ['11.00', '10.45'] } });
    expect(res).toEqual({ status: 200, body: { time_range: { '5': ['10.45', '11.00'] }, mode: 'custom', extraMinutes: null, message: RANGE_SAVED } });
  });

  it('a new mode replaces the previous one', async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(40, 44) });
    await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, teacher, { extraMinutes: 45 });
    await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, teacher);
    expect(await rangeRows(classId)).toEqual([{ mode: 'exact', extra_minutes: null }]);
  });

  describe('custom refusals store nothing', () => {
    const cases: [string, unknown, string][] = [
      ['mode other than custom', { mode: 'exact', time_range: { '0': ['9.00'] } }, "Ungültiger Modus. Erwartet wird 'custom'."],
      ['mode missing', { time_range: { '0': ['9.00'] } }, "Ungültiger Modus. Erwartet wird 'custom'."],
      ['label 9.10', { mode: 'custom', time_range: { '0': ['9.10'] } }, 'Ungültige Zeitangabe: "9.10"'],
      ['day key 7', { mode: 'custom', time_range: { '7': ['9.00'] } }, 'Ungültiger Wochentag: "7"'],
      ['time_range missing', { mode: 'custom' }, 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'],
      ['empty range', { mode: 'custom', time_range: { '0': [] } }, 'Bitte wähle mindestens eine Zeit für den Zeitraum aus.'],
    ];
    it.each(cases)('%s', async (_name, body, detail) => {
      const { teacher, classId } = await ownClass();
      await putTeacherTimes(teacher, classId, { '0': span(40, 44) });
      const res = await call(h, 'PUT', `/api/classes/${classId}/time-range`, teacher, body);
      expect(res).toEqual({ status: 400, body: { detail } });
      expect(await rangeRows(classId)).toEqual([]);
    });
  });

  it("another teacher's class: 404 on every range call, nothing stored", async () => {
    const { teacher, classId } = await ownClass();
    await putTeacherTimes(teacher, classId, { '0': span(40, 44) });
    const other = await person(h, 'teacher');
    expect((await call(h, 'GET', `/api/classes/${classId}/time-range`, other)).status).toBe(404);
    expect((await call(h, 'POST', `/api/classes/${classId}/time-range/exact`, other)).status).toBe(404);
    expect((await call(h, 'POST', `/api/classes/${classId}/time-range/extended`, other, { extraMinutes: 15 })).status).toBe(404);
    expect((await call(h, 'PUT', `/api/classes/${classId}/time-range`, other, { mode: 'custom', time_range: { '0': ['9.00'] } })).status).toBe(404);
    expect(await rangeRows(classId)).toEqual([]);
  });
});
