import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTimetableShape, expectValidPlan, type Placement } from './plan-checks.js';
import { adminQuery, api, labels, member, startHarness, type Harness } from './helpers.js';

/** POST /api/cp-sat-berechnung-from-db with the real engine, real gRPC neighbours, real PostgreSQL. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SOLVER_TIME_LIMIT_S: '15' });
});
afterAll(async () => {
  await h?.stop();
});

const INFEASIBLE = 'Es gibt keine Lösung für die aktuellen Einstellungen. Bitte ändern Sie die Parameter, um einen Stundenplan zu erstellen.';
const calc = (body: unknown, cookie = h.teacher) => api(h, 'POST', '/api/cp-sat-berechnung-from-db', cookie, body);

describe('a plan', () => {
  it('places every student inside both times without overlaps, in the working form', async () => {
    const cls = h.world.addClass(
      h.teacherId,
      [
        member('Anna Müller', 45, { '0': labels('9.00', '11.00') }),
        member('Ben Schulz', 30, { '0': labels('9.00', '10.00'), '2': labels('14.00', '15.00') }),
        member('Cem Yılmaz', 60, { '2': labels('13.00', '17.00') }),
        member('Dora Weiß', 15, { '0': labels('8.00', '12.00') }),
      ],
      { '0': labels('9.00', '12.00'), '2': labels('14.00', '16.00') },
    );
    const callsBefore = h.world.calls.length;
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // ListMembers with the teacher id checks the owner; GetClass only tells the school (none here: no GetRoomPlanning).
    expect(
      h.world.calls
        .slice(callsBefore)
        .map((c) => c.method)
        .sort(),
    ).toEqual(['GetClass', 'GetPlanningData', 'ListMembers']);
    expect(res.body.placements).toHaveLength(4);
    expectValidPlan(res.body, cls);
    expect(res.body.unscheduled_students).toEqual([]);
    expect(res.body.skipped_students).toEqual([]);
    expect(res.body.name).toMatch(/^Berechneter Plan \d{2}\.\d{2}\.\d{4}$/);
    expect(['OPTIMAL', 'FEASIBLE']).toContain(res.body.status);
    expect(res.body.stats).toMatchObject({ students: 4, placed: 4, unscheduled: 0, skipped: 0, wiggle_room: 0 });
    // Same input, same plan.
    const again = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(again.body.placements).toEqual(res.body.placements);
    // The run is on record.
    const runs = await adminQuery(`SELECT status, placed, students, duration_ms, finished_at FROM "${h.schema}".solve_runs WHERE class_id = $1`, [cls.classId]);
    expect(runs.rows).toHaveLength(2);
    expect(runs.rows[0]).toMatchObject({ placed: 4, students: 4 });
    expect(['OPTIMAL', 'FEASIBLE']).toContain(runs.rows[0]?.status);
    expect(runs.rows[0]?.finished_at).toBeInstanceOf(Date);
  });

  it("default time preference: a registered student's own times when non-empty, else the teacher-entered ones; timePreferences override", async () => {
    const registered = member('Eva Reg', 30, { '0': labels('9.00', '10.00') }, { userId: randomUUID(), userTimes: { '1': labels('14.00', '15.00') } });
    const registeredEmpty = member('Finn Leer', 30, { '3': labels('9.00', '10.00') }, { userId: randomUUID(), userTimes: {} });
    const unregistered = member('Gül Unreg', 30, { '4': labels('9.00', '10.00') }, { userTimes: { '5': labels('9.00', '10.00') } });
    const teacherTimes = {
      '0': labels('9.00', '10.00'),
      '1': labels('14.00', '15.00'),
      '3': labels('9.00', '10.00'),
      '4': labels('9.00', '10.00'),
      '5': labels('9.00', '10.00'),
    };
    const cls = h.world.addClass(h.teacherId, [registered, registeredEmpty, unregistered], teacherTimes);
    const byId = (body: { placements: Placement[] }, id: string) => body.placements.find((p) => p.member_id === id)!;

    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(byId(res.body, registered.memberId).day).toBe(1);
    expect(byId(res.body, registeredEmpty.memberId).day).toBe(3);
    expect(byId(res.body, unregistered.memberId).day).toBe(4);
    expectValidPlan(res.body, cls, (id) => (id === registered.memberId ? registered.userTimes : cls.members.find((m) => m.memberId === id)!.times));

    const forced = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: { [registered.memberId]: 'available_times' } });
    expect(forced.status).toBe(200);
    expect(byId(forced.body, registered.memberId).day).toBe(0);
  });

  it("an unverified student's own times are not planned with: the teacher-entered ones are, even when asked for the own", async () => {
    const own = { '1': labels('14.00', '15.00') };
    const added = member('Kai Neu', 30, { '0': labels('9.00', '10.00') }, { userId: randomUUID(), userTimes: own, unverified: true });
    const cls = h.world.addClass(h.teacherId, [added], { '0': labels('9.00', '10.00'), '1': labels('14.00', '15.00') });
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.placements.map((p: Placement) => [p.member_id, p.day])).toEqual([[added.memberId, 0]]);
    const asked = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: { [added.memberId]: 'available_times_user_input' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.placements.some((p: Placement) => p.day === 1)).toBe(false);
  });

  it('students without fitting times are skipped (with a reason) and do not count against the wiggle room', async () => {
    const ok = member('Hanna Ok', 30, { '0': labels('9.00', '10.00') });
    const none = member('Ida Ohne', 30, {});
    const elsewhere = member('Jan Anders', 60, { '6': labels('9.00', '12.00'), '0': labels('9.30', '10.00') });
    const cls = h.world.addClass(h.teacherId, [ok, none, elsewhere], { '0': labels('9.00', '10.00') });
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.placements.map((p: Placement) => p.member_id)).toEqual([ok.memberId]);
    expect(res.body.skipped_students.map((s: { member_id: string }) => s.member_id).sort()).toEqual([none.memberId, elsewhere.memberId].sort());
    for (const s of res.body.skipped_students) {
      expect(s).toEqual({
        member_id: expect.any(String),
        name: expect.any(String),
        reason: expect.any(String),
        fixes: expect.any(Array),
        fixes_complete: true,
      });
      expect(s.reason.length).toBeGreaterThan(5);
    }
    expect(res.body.unscheduled_students).toEqual([]);
    // The reason tells a student without any times apart from one whose times miss the teacher's.
    const reasonOf = (id: string) => res.body.skipped_students.find((s: { member_id: string }) => s.member_id === id).reason;
    expect(reasonOf(none.memberId)).toBe('Keine verfügbaren Zeiten eingetragen');
    expect(reasonOf(elsewhere.memberId)).toBe('Die Unterrichtsdauer von 60 Minuten ist länger als jedes gemeinsame Zeitfenster');
  });

  it('0 students: 200 with an empty timetable', async () => {
    const cls = h.world.addClass(h.teacherId, [], { '0': labels('9.00', '12.00') });
    const res = await calc({ wiggleRoom: 3, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectTimetableShape(res.body.timetable);
    expect(Object.values(res.body.timetable).every((d) => Object.values(d as Record<string, string>).every((v) => v === ''))).toBe(true);
    expect(res.body).toMatchObject({ placements: [], unscheduled_students: [], skipped_students: [] });
  });
});

describe('INFEASIBLE', () => {
  it('more unplaced students than the wiggle room: 400 with the SPEC object detail and the best partial plan', async () => {
    const members = ['Kai', 'Lea', 'Mia'].map((n) => member(`${n} Test`, 30, { '0': labels('9.00', '10.00') }));
    const cls = h.world.addClass(h.teacherId, members, { '0': labels('9.00', '10.00') });
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status).toBe(400);
    const d = res.body.detail;
    expect(d.error_type).toBe('INFEASIBLE');
    expect(d.message).toBe(INFEASIBLE);
    expect(d.skipped_students).toEqual([]);
    expect(d.unscheduled_students).toHaveLength(1);
    expect(d.unscheduled_students[0]).toEqual({
      member_id: expect.any(String),
      name: expect.stringMatching(/Test$/),
      reason: expect.any(String),
      fixes: expect.any(Array),
      fixes_complete: true,
    });
    expect(d.unscheduled_students[0].reason.length).toBeGreaterThan(5);
    expect(d.best_plan.placements).toHaveLength(2);
    expectValidPlan(d.best_plan, cls);

    const tolerated = await calc({ wiggleRoom: 1, selectedClass: cls.classId, timePreferences: {} });
    expect(tolerated.status).toBe(200);
    expect(tolerated.body.unscheduled_students).toHaveLength(1);
    expect(tolerated.body.placements).toHaveLength(2);
  });

  it('teacher times empty: 400 with an object detail the modal can show', async () => {
    const cls = h.world.addClass(h.teacherId, [member('Nora', 30, { '0': labels('9.00', '10.00') })], {});
    const res = await calc({ wiggleRoom: 3, selectedClass: cls.classId, timePreferences: {} });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatchObject({
      error_type: 'INFEASIBLE',
      message: 'Es sind keine Unterrichtszeiten der Lehrkraft eingetragen. Bitte trage zuerst deine Zeiten ein (Schritt 2).',
      unscheduled_students: [],
    });
    expect(res.body.detail.skipped_students).toHaveLength(1);
    expectTimetableShape(res.body.detail.best_plan.timetable);
  });
});

describe('pinned lessons', () => {
  it('stay where the teacher locked them when the plan is recalculated', async () => {
    const a = member('Ole Pin', 30, { '0': labels('9.00', '10.00') });
    const b = member('Pia Pin', 30, { '0': labels('9.00', '10.00') });
    const cls = h.world.addClass(h.teacherId, [a, b], { '0': labels('9.00', '10.00') });
    const first = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(first.status).toBe(200);
    const bFirst = first.body.placements.find((p: Placement) => p.member_id === b.memberId) as Placement;
    const target = bFirst.start === '9.00' ? '9.30' : '9.00';
    const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {}, pinned: [{ member_id: b.memberId, day: 0, start: target }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pb = res.body.placements.find((p: Placement) => p.member_id === b.memberId) as Placement;
    expect(pb).toMatchObject({ day: 0, start: target, pinned: true });
    const pa = res.body.placements.find((p: Placement) => p.member_id === a.memberId) as Placement;
    expect(pa).toMatchObject({ day: 0, start: target === '9.00' ? '9.30' : '9.00', pinned: false });
    expectValidPlan(res.body, cls);
  });

  it('refuses pins of strangers, overlapping pins and malformed pins', async () => {
    const a = member('Quinn', 60, { '0': labels('9.00', '12.00') });
    const b = member('Rosa', 60, { '0': labels('9.00', '12.00') });
    const cls = h.world.addClass(h.teacherId, [a, b], { '0': labels('9.00', '12.00') });
    const base = { wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} };
    const stranger = await calc({ ...base, pinned: [{ member_id: randomUUID(), day: 0, start: '9.00' }] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.detail).toMatch(/gehören nicht zu der gewählten Klasse/);
    const overlap = await calc({
      ...base,
      pinned: [
        { member_id: a.memberId, day: 0, start: '9.00' },
        { member_id: b.memberId, day: 0, start: '9.45' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.detail).toBe('Die fixierten Stunden von Quinn und Rosa überschneiden sich am Montag.');
    for (const p of [{ member_id: a.memberId, day: 7, start: '9.00' }, { member_id: a.memberId, day: 0, start: '9.10' }, { day: 0, start: '9.00' }, 'x']) {
      const res = await calc({ ...base, pinned: [p] });
      expect(res.status, JSON.stringify(p)).toBe(400);
    }
  });
});

describe('bad input', () => {
  let clsId: string;
  let memberId: string;
  beforeAll(() => {
    const m = member('Sara', 30, { '0': labels('9.00', '10.00') });
    memberId = m.memberId;
    clsId = h.world.addClass(h.teacherId, [m], { '0': labels('9.00', '10.00') }).classId;
  });

  it.each([[-1], [100], [2.5], ['x'], [null], [undefined], ['3.0'], [[1]]])('wiggleRoom %j: 400 with the SPEC text', async (wiggleRoom) => {
    const res = await calc({ wiggleRoom, selectedClass: clsId, timePreferences: {} });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Ungültiger Spielraum-Wert. Bitte geben Sie eine ganze Zahl zwischen 0 und 99 ein.');
  });

  it('wiggleRoom 0 and 99 (and "5" as text) are fine', async () => {
    for (const wiggleRoom of [0, 99, '5']) expect((await calc({ wiggleRoom, selectedClass: clsId, timePreferences: {} })).status).toBe(200);
  });

  it('priority: wishes first by default, compact days first, or gap minutes per wish (docs/product/planning.md)', async () => {
    // Monday 9-12: Anna only 9-10, Ben 9-12 wishing 11-12. Ben's wish leaves an idle hour.
    const anna = member('Anna', 60, { '0': labels('9.00', '10.00') });
    const ben = member('Ben', 60, { '0': labels('9.00', '12.00') }, { preferred: { '0': labels('11.00', '12.00') } });
    const cls = h.world.addClass(h.teacherId, [anna, ben], { '0': labels('9.00', '12.00') });
    const benStart = async (extra: object) => {
      const res = await calc({ wiggleRoom: 0, selectedClass: cls.classId, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const lesson = res.body.placements.find((p: Placement) => p.member_id === ben.memberId);
      return { start: lesson.start_time, idle: res.body.summary.idle_minutes, preferred: res.body.summary.preferred_placed };
    };
    expect(await benStart({})).toEqual({ start: '11:00', idle: 60, preferred: 1 });
    expect(await benStart({ priority: 'preferred_first' })).toEqual({ start: '11:00', idle: 60, preferred: 1 });
    expect(await benStart({ priority: 'compact_first' })).toEqual({ start: '10:00', idle: 0, preferred: 0 });
    expect(await benStart({ priority: 'weighted' })).toEqual({ start: '10:00', idle: 0, preferred: 0 });
    expect(await benStart({ priority: 'weighted', gap_minutes_per_preferred: 60 })).toEqual({ start: '11:00', idle: 60, preferred: 1 });
    const wrong = await calc({ wiggleRoom: 0, selectedClass: cls.classId, priority: 'egal' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toMatch(/^Ungültige Gewichtung: erlaubt sind „preferred_first“/);
    const gap = await calc({ wiggleRoom: 0, selectedClass: cls.classId, priority: 'weighted', gap_minutes_per_preferred: -5 });
    expect(gap.status).toBe(400);
    expect(gap.body.detail).toBe('Die Minuten Lücke pro erfüllter Wunschzeit müssen eine ganze Zahl von 0 bis 600 sein.');
  });

  it('no class chosen', async () => {
    for (const body of [{ wiggleRoom: 3, timePreferences: {} }, { wiggleRoom: 3, selectedClass: '', timePreferences: {} }, {}]) {
      const res = await calc(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Bitte wählen Sie zuerst eine Klasse aus.');
    }
  });

  it('a member id that is not in the class, and an unknown time source', async () => {
    const stranger = randomUUID();
    const res = await calc({ wiggleRoom: 3, selectedClass: clsId, timePreferences: { [stranger]: 'available_times' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(stranger);
    expect(res.body.detail).toMatch(/^Diese Studierenden gehören nicht zu der gewählten Klasse/);
    const source = await calc({ wiggleRoom: 3, selectedClass: clsId, timePreferences: { [memberId]: 'egal' } });
    expect(source.status).toBe(400);
    expect(source.body.detail).toMatch(/^Ungültige Zeitpräferenz/);
    const shape = await calc({ wiggleRoom: 3, selectedClass: clsId, timePreferences: ['available_times'] });
    expect(shape.status).toBe(400);
  });

  it("another teacher's class or a class that does not exist: 404 without leaking", async () => {
    const mine = await calc({ wiggleRoom: 3, selectedClass: clsId, timePreferences: {} }, h.otherTeacher);
    expect(mine).toEqual({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
    expect(await calc({ wiggleRoom: 3, selectedClass: randomUUID(), timePreferences: {} })).toEqual({ status: 404, body: { detail: 'Klasse nicht gefunden' } });
    expect((await calc({ wiggleRoom: 3, selectedClass: 'kein-uuid', timePreferences: {} })).status).toBe(404);
  });

  it('students 403, no session 401', async () => {
    const s = await calc({ wiggleRoom: 3, selectedClass: clsId, timePreferences: {} }, h.student);
    expect(s).toEqual({ status: 403, body: { detail: 'Du hast keine Berechtigung für diese Aktion' } });
    expect((await api(h, 'POST', '/api/cp-sat-berechnung-from-db', undefined, { wiggleRoom: 3, selectedClass: clsId })).status).toBe(401);
  });
});

describe('metrics', () => {
  it('exposes the solve histogram and counters on /metrics', async () => {
    const res = await fetch(`${h.base}/metrics`);
    const text = await res.text();
    expect(text).toMatch(/solver_solve_duration_seconds_bucket\{[^}]*status="(OPTIMAL|FEASIBLE)"/);
    expect(text).toMatch(/solver_solves_total\{[^}]*status="INFEASIBLE"[^}]*\} [1-9]/);
    expect(text).toMatch(/solver_solves_total\{[^}]*status="NO_TEACHER_TIMES"/);
    expect(text).toContain('solver_students_placed_total');
  });
});
