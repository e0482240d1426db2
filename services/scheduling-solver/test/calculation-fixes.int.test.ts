import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, labels, member, startHarness, type Harness } from './helpers.js';

/** Fixes per unplaced student in the calculation answer (issue 27), real engine and real gRPC neighbours. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SOLVER_TIME_LIMIT_S: '15' });
});
afterAll(async () => {
  await h?.stop();
});

const calc = (classId: string, wiggleRoom: number) =>
  api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, { wiggleRoom, selectedClass: classId, timePreferences: {} });

describe('fixes in the calculation answer', () => {
  it('teacher Mo 9-10, A free 9-11, B free 9-10: the other one gets teacher_time Mo 10:00-11:00, and with it both are placed', async () => {
    const students = () => [member('Anna Fix', 60, { '0': labels('9.00', '11.00') }), member('Ben Fix', 60, { '0': labels('9.00', '10.00') })];
    const cls = h.world.addClass(h.teacherId, students(), { '0': labels('9.00', '10.00') });
    const res = await calc(cls.classId, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.placements).toHaveLength(1);
    const [other] = res.body.unscheduled_students;
    expect(other.reason).toMatch(/^Alle passenden Zeitfenster sind belegt/);
    expect(other.fixes_complete).toBe(true);
    expect(other.fixes).toContainEqual({ kind: 'teacher_time', day: 0, start: '10:00', end: '11:00' });

    // Applied: the teacher's times plus that range, then recalculated.
    const wider = h.world.addClass(h.teacherId, students(), { '0': labels('9.00', '11.00') });
    const again = await calc(wider.classId, 0);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.placements).toHaveLength(2);
    expect(again.body.unscheduled_students).toEqual([]);
  });

  it('the INFEASIBLE detail carries the fixes too; a student without times gets student_time only', async () => {
    const cls = h.world.addClass(
      h.teacherId,
      [member('Kai Fix', 60, { '0': labels('9.00', '10.00') }), member('Lea Fix', 60, { '0': labels('9.00', '10.00') }), member('Nils Ohne', 30, {})],
      { '0': labels('9.00', '11.00') },
    );
    const res = await calc(cls.classId, 0);
    expect(res.status).toBe(400);
    const d = res.body.detail;
    expect(d.error_type).toBe('INFEASIBLE');
    // Kai or Lea waits: the other's lesson cannot move, a shorter one does not fit into 9-10 beside it,
    // more teacher time does not free 9-10; only more own time (10-11, inside the teacher's) helps.
    expect(d.unscheduled_students).toHaveLength(1);
    expect(d.unscheduled_students[0]).toMatchObject({ fixes: [{ kind: 'student_time', day: 0, start: '10:00', end: '11:00' }], fixes_complete: true });
    const [none] = d.skipped_students;
    expect(none).toMatchObject({ name: 'Nils Ohne', reason: 'Keine verfügbaren Zeiten eingetragen', fixes_complete: true });
    expect(none.fixes.length).toBeGreaterThan(0);
    expect(none.fixes.every((f: { kind: string }) => f.kind === 'student_time')).toBe(true);
  });
});
