// Biweekly students (issue 25, item 3): with one biweekly student the solver plans weeks A and B;
// a biweekly lesson holds its slots only in its week, a weekly one in both. Problems without a
// biweekly student are planned exactly as before (week null).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPlan } from './check/plan-check.js';
import { solveProblem } from './solve.js';
import { problem, student } from './check/test-problems.js';
import type { Plan, Problem, ProblemStudent } from './types.js';

async function solveValid(p: Problem): Promise<Plan> {
  const plan = await solveProblem(p, { timeLimitSec: 20 });
  expect(checkPlan(p, plan).errors).toEqual([]);
  return plan;
}

const biweekly = (s: ProblemStudent): ProblemStudent => ({ ...s, frequency: 'biweekly' });
const at = (plan: Plan, id: string) => plan.placements.find((x) => x.member_id === id);
const MONDAY_9_10 = { 0: [['9.00', '10.00']] as [string, string][] };

describe('biweekly students', () => {
  it('places two biweekly students in one slot, one in week A and one in week B', async () => {
    const p = problem(MONDAY_9_10, [biweekly(student('a', 'A', 60, MONDAY_9_10)), biweekly(student('b', 'B', 60, MONDAY_9_10))]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats).toMatchObject({ placed: 2, idleMinutes: 0, placedProven: true, idleProven: true });
    expect(plan.placements.map((x) => x.week).sort()).toEqual(['A', 'B']);
    for (const id of ['a', 'b']) expect(at(plan, id)).toMatchObject({ day: 0, start: '9.00', end: '10.00' });
  });

  it('lets a weekly and a biweekly student not share one slot', async () => {
    const p = problem(MONDAY_9_10, [student('w', 'Weekly', 60, MONDAY_9_10), biweekly(student('x', 'Biweekly', 60, MONDAY_9_10))], { wiggleRoom: 1 });
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats).toMatchObject({ placed: 1, placedProven: true });
    expect(plan.unscheduled_students).toHaveLength(1);
    expect(plan.placements).toHaveLength(1);
    const placed = plan.placements[0]!;
    expect(placed.week).toBe(placed.member_id === 'x' ? 'A' : null);
    const other = plan.unscheduled_students[0]!;
    expect(plan.reasons[other]).toBe(`Alle passenden Zeitfenster sind belegt (durch: ${placed.member_id === 'w' ? 'Weekly' : 'Biweekly'})`);
  });

  it('counts idle time per week: idle of week A plus idle of week B', async () => {
    // The weekly lesson is at 9-10 in both weeks; x and y can only come at 11-12, so one of them
    // leaves an idle hour in week A and the other one in week B.
    const late = { 0: [['11.00', '12.00']] as [string, string][] };
    const p = problem({ 0: [['9.00', '12.00']] }, [
      student('w', 'W', 60, MONDAY_9_10),
      biweekly(student('x', 'X', 60, late)),
      biweekly(student('y', 'Y', 60, late)),
    ]);
    const plan = await solveValid(p);
    expect(plan.stats).toMatchObject({ placed: 3, idleMinutes: 120, idleProven: true });
    expect(plan.status).toBe('OPTIMAL');
  });

  it('chooses the weeks for the least idle time over both weeks', async () => {
    // w holds 9-10 in both weeks; x may come at 10-11 or 11-12, y only at 10-11, z only at 11-12.
    // No idle time only when x and y take 10-11 in alternate weeks and z follows one of them.
    const p = problem({ 0: [['9.00', '12.00']] }, [
      student('w', 'W', 60, MONDAY_9_10),
      biweekly(student('x', 'X', 60, { 0: [['10.00', '12.00']] })),
      biweekly(student('y', 'Y', 60, { 0: [['10.00', '11.00']] })),
      biweekly(student('z', 'Z', 60, { 0: [['11.00', '12.00']] })),
    ]);
    const plan = await solveValid(p);
    expect(plan.stats).toMatchObject({ placed: 4, idleMinutes: 0, idleProven: true });
    expect(at(plan, 'x')).toMatchObject({ start: '10.00' });
    expect(at(plan, 'y')).toMatchObject({ start: '10.00' });
    expect(at(plan, 'x')!.week).not.toBe(at(plan, 'y')!.week);
    expect(at(plan, 'z')).toMatchObject({ start: '11.00' });
  });

  it('keeps a pinned biweekly lesson in its week and counts a previous lesson of either week as kept', async () => {
    const p: Problem = {
      ...problem(MONDAY_9_10, [biweekly(student('a', 'A', 60, MONDAY_9_10)), biweekly(student('b', 'B', 60, MONDAY_9_10))]),
      pinned: [{ member_id: 'a', day: 0, start: '9.00', week: 'B' }],
      previous: [{ member_id: 'b', day: 0, start: '9.00' }],
    };
    const plan = await solveValid(p);
    expect(at(plan, 'a')).toMatchObject({ week: 'B' });
    expect(at(plan, 'b')).toMatchObject({ week: 'A' });
    expect(plan.stats).toMatchObject({ placed: 2, moved: 0, movedProven: true });
    expect(plan.status).toBe('OPTIMAL');
  });

  it('refuses an unknown frequency', async () => {
    const p = problem(MONDAY_9_10, [{ ...student('a', 'A', 60, MONDAY_9_10), frequency: 'monthly' as never }]);
    await expect(solveProblem(p)).rejects.toThrow('bad frequency "monthly" for a');
  });

  it('plan check refuses a biweekly lesson without a week, a week on a weekly one and an overlap within a week', async () => {
    const p = problem(
      MONDAY_9_10,
      [student('w', 'W', 60, MONDAY_9_10), biweekly(student('x', 'X', 60, MONDAY_9_10)), biweekly(student('y', 'Y', 60, MONDAY_9_10))],
      {
        wiggleRoom: 2,
      },
    );
    const plan = await solveValid(p);
    const lesson = { day: 0, start: '9.00', end: '10.00' };
    const withPlacements = (placements: Plan['placements']): Plan => ({
      ...plan,
      placements,
      unscheduled_students: [],
      status: 'FEASIBLE',
      stats: undefined as never,
    });
    expect(checkPlan(p, withPlacements([{ member_id: 'x', ...lesson, week: null }])).errors).toContain('x: bad week null for a biweekly lesson');
    expect(checkPlan(p, withPlacements([{ member_id: 'w', ...lesson, week: 'A' }])).errors).toContain('w: bad week "A" for a weekly lesson');
    expect(
      checkPlan(
        p,
        withPlacements([
          { member_id: 'x', ...lesson, week: 'A' },
          { member_id: 'y', ...lesson, week: 'A' },
        ]),
      ).errors,
    ).toContain('y: overlaps another lesson on day 0');
    expect(
      checkPlan(
        p,
        withPlacements([
          { member_id: 'x', ...lesson, week: 'A' },
          { member_id: 'w', ...lesson, week: null },
        ]),
      ).errors,
    ).toContain('w: overlaps another lesson on day 0');
  });
});

describe('problems without a biweekly student', () => {
  const instances = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bench/instances');
  // The plan of the solver before biweekly students existed (commit 53a06f9), member id prefix, day, start.
  const BEFORE =
    'b6830a66 0 8.30, 9c6efe4c 0 9.00, 28a73fdc 0 9.30, e5c30d4b 0 10.15, cc438689 0 11.15, 4ff5ccb9 1 11.30, 0d4d359c 1 12.30, ' +
    'ae5517ac 1 13.00, f0d4e14c 1 13.30, b5e435a7 1 14.00, f938c0bc 1 14.45, dda33820 1 15.30, e336ac1c 2 10.00, 4b0a1b81 2 10.45, ' +
    'bdc7b9a7 2 13.00, 4482d289 2 14.00, b5b22985 2 14.30, fd1a6645 2 15.00, 545ccf92 2 16.00, dc4ad0c9 2 16.45, 77a511bb 2 17.15, 7c19fe90 2 17.45';

  it('answer week null and the same plan as before, also with frequency weekly spelled out', async () => {
    const p = JSON.parse(readFileSync(path.join(instances, 'medium-02.json'), 'utf8')) as Problem;
    const spelled: Problem = { ...p, students: p.students.map((s) => ({ ...s, frequency: 'weekly' })) };
    for (const q of [p, spelled]) {
      const plan = await solveValid(q);
      expect(plan.placements.every((x) => x.week === null)).toBe(true);
      expect(plan.placements.map((x) => `${x.member_id.slice(0, 8)} ${x.day} ${x.start}`).join(', ')).toBe(BEFORE);
      expect(plan.stats).toMatchObject({ placed: 22, idleMinutes: 90, idleProven: true });
    }
  });
});
