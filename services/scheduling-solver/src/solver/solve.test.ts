import { describe, expect, it } from 'vitest';
import { checkPlan } from './check/plan-check.js';
import { ProblemInputError } from './engine/problem-input.js';
import { solveProblem } from './solve.js';
import { problem, randomProblem, student } from './check/test-problems.js';
import type { Plan, Problem, SolveProgress } from './types.js';

async function solveValid(p: Problem, opts: Parameters<typeof solveProblem>[1] = {}): Promise<Plan> {
  const plan = await solveProblem(p, opts);
  expect(checkPlan(p, plan).errors).toEqual([]);
  return plan;
}

const at = (plan: Plan, id: string) => plan.placements.find((x) => x.member_id === id);

describe('solveProblem: placed count and idle time', () => {
  it('places a single student and proves it optimal', async () => {
    const p = problem({ 0: [['9.00', '12.00']] }, [student('a', 'Anna Müller', 60, { 0: [['10.00', '12.00']] })]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.placements).toHaveLength(1);
    expect(at(plan, 'a')).toMatchObject({ day: 0 });
    expect(plan.unscheduled_students).toEqual([]);
    expect(plan.skipped_students).toEqual([]);
    expect(plan.stats).toMatchObject({ placed: 1, idleMinutes: 0, placedProven: true, idleProven: true });
  });

  it('counts unavoidable idle time between fixed lessons', async () => {
    const p = problem({ 0: [['9.00', '13.00']] }, [student('a', 'A', 30, { 0: [['9.00', '9.30']] }), student('b', 'B', 30, { 0: [['12.00', '12.30']] })]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats.idleMinutes).toBe(150);
    expect(at(plan, 'a')).toEqual({ member_id: 'a', day: 0, start: '9.00', end: '9.30', week: null });
    expect(at(plan, 'b')).toEqual({ member_id: 'b', day: 0, start: '12.00', end: '12.30', week: null });
  });

  it('compacts the day to the proven minimum of idle minutes', async () => {
    // Optimum: a 8.00-9.00, b 9.00-10.00, c 10.00-10.30 (no idle time); c could also go to 13.00.
    const p = problem({ 0: [['8.00', '14.00']] }, [
      student('a', 'A', 60, { 0: [['8.00', '9.00']] }),
      student('b', 'B', 60, { 0: [['8.00', '14.00']] }),
      student('c', 'C', 30, {
        0: [
          ['10.00', '10.30'],
          ['13.00', '13.30'],
        ],
      }),
    ]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats.placed).toBe(3);
    expect(plan.stats.idleMinutes).toBe(0);
    expect(at(plan, 'b')).toMatchObject({ start: '9.00', end: '10.00' });
    expect(at(plan, 'c')).toMatchObject({ start: '10.00', end: '10.30' });
  });

  it('prefers more placed students over fewer idle minutes', async () => {
    // Placing all three costs 60 idle minutes; dropping one would give 0.
    const p = problem(
      { 0: [['9.00', '13.00']] },
      [
        student('a', 'A', 60, { 0: [['9.00', '10.00']] }),
        student('b', 'B', 60, { 0: [['11.00', '12.00']] }),
        student('c', 'C', 60, { 0: [['12.00', '13.00']] }),
      ],
      { wiggleRoom: 3 },
    );
    const plan = await solveValid(p);
    expect(plan.stats.placed).toBe(3);
    expect(plan.stats.idleMinutes).toBe(60);
    expect(plan.status).toBe('OPTIMAL');
  });

  it('finds the maximum across days and explains who blocks an unscheduled student', async () => {
    // Unique optimum: a goes to Tuesday so that b and c fit on Monday; d (2 hours) cannot fit.
    const p = problem(
      { 0: [['9.00', '11.00']], 1: [['9.00', '10.00']] },
      [
        student('a', 'Ben Schulz', 60, { 0: [['9.00', '11.00']], 1: [['9.00', '10.00']] }),
        student('b', 'Anna Müller', 60, { 0: [['9.00', '10.00']] }),
        student('c', 'Carl Weiß', 60, { 0: [['10.00', '11.00']] }),
        student('d', 'Dora Falk', 120, { 0: [['9.00', '11.00']] }),
      ],
      { wiggleRoom: 1 },
    );
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats.placed).toBe(3);
    expect(at(plan, 'a')).toEqual({ member_id: 'a', day: 1, start: '9.00', end: '10.00', week: null });
    expect(plan.unscheduled_students).toEqual(['d']);
    expect(plan.reasons).toEqual({ d: 'Alle passenden Zeitfenster sind belegt (durch: Anna Müller, Carl Weiß)' });
  });

  it('reports INFEASIBLE with the best partial plan when too many stay unplaced', async () => {
    const p = problem(
      { 0: [['9.00', '11.00']] },
      [
        student('a', 'Anna Müller', 60, { 0: [['9.00', '11.00']] }),
        student('b', 'Ben Schulz', 60, { 0: [['9.00', '11.00']] }),
        student('c', 'Carl Weiß', 60, { 0: [['9.00', '11.00']] }),
        student('d', 'Dora Falk', 60, { 0: [['9.00', '11.00']] }),
      ],
      { wiggleRoom: 1 },
    );
    const plan = await solveValid(p);
    expect(plan.status).toBe('INFEASIBLE');
    expect(plan.stats.placed).toBe(2);
    expect(plan.stats.placedProven).toBe(true);
    expect(plan.unscheduled_students).toHaveLength(2);
    for (const id of plan.unscheduled_students) {
      const blockers = plan.placements.map((x) => p.students.find((s) => s.member_id === x.member_id)!.name).sort();
      expect(plan.reasons[id]).toBe(`Alle passenden Zeitfenster sind belegt (durch: ${blockers.join(', ')})`);
    }
  });
});

describe('solveProblem: pins, skipped students and input', () => {
  it('keeps pinned lessons exactly where the teacher locked them', async () => {
    const p = problem(
      { 0: [['9.00', '12.00']] },
      [
        student('a', 'Anna Müller', 60, { 0: [['9.00', '12.00']] }),
        student('b', 'Ben Schulz', 60, { 0: [['9.00', '12.00']] }),
        student('c', 'Carl Weiß', 60, { 0: [['10.00', '11.00']] }),
        // pinned outside its own times: stays anyway
        student('d', 'Dora Falk', 30, { 1: [['9.00', '10.00']] }),
      ],
      {
        wiggleRoom: 2,
        pinned: [
          { member_id: 'a', day: 0, start: '10.00' },
          { member_id: 'd', day: 0, start: '12.00' },
        ],
      },
    );
    const plan = await solveValid(p);
    expect(at(plan, 'a')).toEqual({ member_id: 'a', day: 0, start: '10.00', end: '11.00', week: null });
    expect(at(plan, 'd')).toEqual({ member_id: 'd', day: 0, start: '12.00', end: '12.30', week: null });
    expect(at(plan, 'b')).toEqual({ member_id: 'b', day: 0, start: '11.00', end: '12.00', week: null });
    expect(plan.unscheduled_students).toEqual(['c']);
    expect(plan.reasons.c).toBe('Alle passenden Zeitfenster sind belegt (durch: Anna Müller)');
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats.idleMinutes).toBe(0);
  });

  it('ignores pins of unknown students and pins that overlap an earlier pin', async () => {
    const p = problem({ 0: [['9.00', '12.00']] }, [student('a', 'A', 60, { 0: [['9.00', '12.00']] }), student('b', 'B', 60, { 0: [['9.00', '12.00']] })], {
      pinned: [
        { member_id: 'zz', day: 0, start: '9.00' },
        { member_id: 'a', day: 0, start: '9.00' },
        { member_id: 'b', day: 0, start: '9.30' },
      ],
    });
    const plan = await solveValid(p);
    expect(at(plan, 'a')).toMatchObject({ start: '9.00', end: '10.00' });
    expect(plan.stats.placed).toBe(2);
  });

  it('skips students without a usable window, with the German reason', async () => {
    const p = problem({ 0: [['9.00', '10.00']] }, [
      student('a', 'A', 30, { 0: [['9.00', '10.00']] }),
      student('d', 'D', 30, { 1: [['9.00', '10.00']] }),
      student('e', 'E', 60, { 0: [['9.00', '9.45']] }),
    ]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.skipped_students).toEqual(['d', 'e']);
    expect(plan.unscheduled_students).toEqual([]);
    expect(plan.reasons).toEqual({
      d: 'Keine gemeinsame Zeit mit der Lehrkraft',
      e: 'Die Unterrichtsdauer von 60 Minuten ist länger als jedes gemeinsame Zeitfenster',
    });
  });

  it('reads the chosen times as the bench README says', async () => {
    const p = problem(
      { 0: [['9.00', '12.00']] },
      [
        // user input holds labels -> it is used (9.00 only)
        student('a', 'A', 60, { 0: [['10.00', '12.00']] }, { 0: [['9.00', '10.00']] }),
        // the preference names an empty source -> no times at all
        student('b', 'B', 60, { 0: [['9.00', '12.00']] }, {}),
        // the preference names available_times although user input exists
        student('c', 'C', 60, { 0: [['11.00', '12.00']] }, { 0: [['9.00', '10.00']] }),
      ],
      { timePreferences: { b: 'available_times_user_input', c: 'available_times' } },
    );
    const plan = await solveValid(p);
    expect(at(plan, 'a')).toMatchObject({ start: '9.00' });
    expect(at(plan, 'c')).toMatchObject({ start: '11.00' });
    expect(plan.skipped_students).toEqual(['b']);
  });

  it('handles zero students', async () => {
    const plan = await solveValid(problem({ 0: [['9.00', '10.00']] }, []));
    expect(plan).toMatchObject({ status: 'OPTIMAL', placements: [], unscheduled_students: [], skipped_students: [], reasons: {} });
  });

  it('handles empty teacher times: everybody skipped', async () => {
    const p = problem({}, [student('a', 'A', 30, { 0: [['9.00', '10.00']] }), student('b', 'B', 45, {})]);
    const plan = await solveValid(p);
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.skipped_students).toEqual(['a', 'b']);
    expect(plan.reasons.a).toBe('Keine gemeinsame Zeit mit der Lehrkraft');
  });

  it('rejects malformed input', async () => {
    const bad = problem({ 0: [['9.00', '10.00']] }, [student('a', 'A', 20, { 0: [['9.00', '10.00']] })]);
    await expect(solveProblem(bad)).rejects.toBeInstanceOf(ProblemInputError);
    const dup = problem({ 0: [['9.00', '10.00']] }, [student('a', 'A', 30, {}), student('a', 'B', 30, {})]);
    await expect(solveProblem(dup)).rejects.toThrow(/duplicate/);
    const label = { ...problem({}, []), teacherTimes: { 0: ['9.10'] } };
    await expect(solveProblem(label)).rejects.toThrow(/bad time label/);
  });
});

describe('solveProblem: determinism, helper thread, progress and limits', () => {
  it('is deterministic: same input, same plan', async () => {
    const p = randomProblem(40, [30, 45, 60], 7);
    const strip = (plan: Plan) => ({ ...plan, stats: { ...plan.stats, stages: null } });
    const a = await solveValid(p);
    const b = await solveValid(structuredClone(p));
    expect(strip(b)).toEqual(strip(a));
    // and independent of the order of the students
    const c = await solveValid({ ...p, students: [...p.students].reverse() });
    expect(c.stats.placed).toBe(a.stats.placed);
    expect(c.stats.idleMinutes).toBe(a.stats.idleMinutes);
    expect(new Set(c.placements.map((x) => JSON.stringify(x)))).toEqual(new Set(a.placements.map((x) => JSON.stringify(x))));
  });

  it('gives the same plan with the helper thread (parallel) as without', async () => {
    const strip = (plan: Plan) => ({ ...plan, stats: { ...plan.stats, stages: null } });
    for (const seed of [2, 8]) {
      const p = randomProblem(45, [30, 45, 60, 90], seed);
      const alone = await solveValid(p);
      const helped = await solveValid(p, { parallel: true });
      expect(strip(helped)).toEqual(strip(alone));
    }
  });

  it('reports progress in order', async () => {
    const stages: SolveProgress['stage'][] = [];
    let first: Plan | undefined;
    const plan = await solveValid(randomProblem(30, [30, 60], 3), {
      onProgress: (p) => {
        stages.push(p.stage);
        if (p.stage === 'first-plan') first = p.plan;
      },
    });
    expect(stages[0]).toBe('first-plan');
    expect(stages[stages.length - 1]).toBe('done');
    expect(stages.indexOf('maximum-proven')).toBeLessThan(stages.indexOf('done'));
    expect(first).toBeDefined();
    expect(checkPlan(randomProblem(30, [30, 60], 3), first!).errors).toEqual([]);
    expect(plan.stats.placed).toBeGreaterThanOrEqual(first!.stats.placed);
  });

  it('returns quickly and validly for 99 students of 120 minutes', async () => {
    const p = randomProblem(99, [120], 11, 5, 3);
    const t0 = performance.now();
    const plan = await solveValid(p, { timeLimitSec: 5 });
    expect(performance.now() - t0).toBeLessThan(15_000);
    // 5 days of 12 hours hold at most 30 lessons of 2 hours
    expect(plan.stats.placed).toBeLessThanOrEqual(30);
    expect(plan.stats.placed).toBeGreaterThan(0);
    expect(plan.status).toBe('INFEASIBLE');
    expect(plan.unscheduled_students.length + plan.skipped_students.length + plan.stats.placed).toBe(99);
  });

  it('gives a valid heuristic plan without HiGHS', async () => {
    const p = randomProblem(40, [30, 45, 60, 90], 5);
    const plan = await solveValid(p, { useMip: false });
    expect(plan.stats.placedProven).toBe(false);
    expect(plan.stats.placed).toBeGreaterThan(0);
  });
});
