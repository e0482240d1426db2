// Allowed starts (issue 40, item 5): a per-student filter of lesson starts (e.g. where a suitable
// room is free). Absent = unchanged; a window whose start is not allowed is no candidate for the
// heuristic, the MIP, pins, previous lessons and fixes.
import { describe, expect, it } from 'vitest';
import { checkPlan } from './check/plan-check.js';
import { problem, randomProblem, range, student } from './check/test-problems.js';
import { solveProblem } from './solve.js';
import type { Plan, Problem, ProblemStudent } from './types.js';

async function solveValid(p: Problem, opts: Parameters<typeof solveProblem>[1] = {}): Promise<Plan> {
  const plan = await solveProblem(p, { timeLimitSec: 20, ...opts });
  expect(checkPlan(p, plan).errors).toEqual([]);
  return plan;
}

const MONDAY_9_11 = { 0: [['9.00', '11.00']] as [string, string][] };
const at = (plan: Plan, id: string) => plan.placements.find((x) => x.member_id === id);

describe('allowed starts', () => {
  it('places a lesson only at an allowed start', async () => {
    const p = problem(MONDAY_9_11, [{ ...student('a', 'Anna', 60, MONDAY_9_11), allowed_starts: { 0: ['10.00'] } }]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(at(plan, 'a')).toMatchObject({ day: 0, start: '10.00', end: '11.00' });
  });

  it('skips a student whose common windows all start at excluded starts, with the room reason', async () => {
    const p = problem(MONDAY_9_11, [{ ...student('a', 'Anna', 60, MONDAY_9_11), allowed_starts: { 0: ['11.00'], 1: ['9.00'] } }], { wiggleRoom: 1 });
    const plan = await solveValid(p);
    expect(plan.placements).toEqual([]);
    expect(plan.skipped_students).toEqual(['a']);
    expect(plan.reasons.a).toBe('Kein passender Raum frei.');
  });

  it('keeps the old reason when there was no common window to begin with', async () => {
    const p = problem(MONDAY_9_11, [{ ...student('a', 'Anna', 60, { 2: [['9.00', '11.00']] }), allowed_starts: {} }], { wiggleRoom: 1 });
    const plan = await solveValid(p);
    expect(plan.reasons.a).toBe('Keine gemeinsame Zeit mit der Lehrkraft');
  });

  it('filters the weeks of a biweekly student separately', async () => {
    const bw = (id: string, a: string[], b: string[]): ProblemStudent => ({
      ...student(id, id, 60, MONDAY_9_11),
      frequency: 'biweekly',
      allowed_starts: { 0: a },
      allowed_starts_b: { 0: b },
    });
    // x may come at 9.00 in week A only, y at 9.00 in week B only: both fit into 9-10.
    const p = problem(MONDAY_9_11, [bw('x', ['9.00'], []), bw('y', [], ['9.00'])]);
    const plan = await solveValid(p);
    expect(at(plan, 'x')).toMatchObject({ start: '9.00', week: 'A' });
    expect(at(plan, 'y')).toMatchObject({ start: '9.00', week: 'B' });
  });

  it('ignores a pin at an excluded start and counts a previous lesson there as moved', async () => {
    const s = { ...student('a', 'Anna', 60, MONDAY_9_11), allowed_starts: { 0: ['10.00'] } };
    const pinned = await solveValid(problem(MONDAY_9_11, [s], { pinned: [{ member_id: 'a', day: 0, start: '9.00' }] }));
    expect(at(pinned, 'a')?.start).toBe('10.00');
    const previous = await solveValid({ ...problem(MONDAY_9_11, [s]), previous: [{ member_id: 'a', day: 0, start: '9.00' }] });
    expect(at(previous, 'a')?.start).toBe('10.00');
    expect(previous.moved_students).toEqual(['a']);
  });

  it('proposes only fixes at allowed starts', async () => {
    // b takes 9-10 (its only start); a may only start at 9.00 too: the fix cannot be "a teacher time at 11.00".
    const p = problem(
      MONDAY_9_11,
      [
        { ...student('a', 'Anna', 60, { 0: [['9.00', '12.00']] }), allowed_starts: { 0: ['9.00'] } },
        { ...student('b', 'Ben', 60, MONDAY_9_11), allowed_starts: { 0: ['9.00'] } },
      ],
      { wiggleRoom: 1 },
    );
    const plan = await solveValid(p, { fixes: true });
    expect(plan.placements).toHaveLength(1);
    const unplaced = plan.unscheduled_students[0]!;
    for (const f of plan.fixes?.[unplaced] ?? []) {
      if (f.kind === 'teacher_time' || f.kind === 'student_time') expect(f.start <= '9.00' && range(f.start, f.end).includes('9.00')).toBe(true);
      if (f.kind === 'move_other') expect(f.to.start).toBe('9.00');
    }
  });

  it('changes nothing when every start is allowed (same plan as without the field)', async () => {
    const base = randomProblem(14, [30, 45, 60], 4242);
    const all: Record<string, string[]> = {};
    for (let d = 0; d < 7; d++) all[d] = range('0.00', '23.45');
    const withAll = { ...base, students: base.students.map((s) => ({ ...s, allowed_starts: all })) };
    const a = await solveValid(base, { useMip: false });
    const b = await solveValid(withAll, { useMip: false });
    expect(b.placements).toEqual(a.placements);
  });
});
