// The pool runs the built worker (dist/solver/runtime/worker.js); `npm test` builds first.
import { afterAll, describe, expect, it } from 'vitest';
import { checkPlan } from '../check/plan-check.js';
import { SolverPool, SolverPoolClosedError, SolverTimeoutError } from './pool.js';
import { solveProblem } from '../solve.js';
import { problem, randomProblem, student } from '../check/test-problems.js';
import type { SolveProgress } from '../types.js';

const strip = <T extends { stats: { stages: unknown } }>(plan: T) => ({ ...plan, stats: { ...plan.stats, stages: null } });

describe('SolverPool', () => {
  const pool = new SolverPool({ size: 2, recycleAfter: 3 });
  afterAll(() => pool.close());

  it('solves in a worker exactly like solveProblem, reporting progress', async () => {
    const p = randomProblem(35, [30, 45, 60], 21);
    const events: SolveProgress[] = [];
    const plan = await pool.solve(p, { onProgress: (e) => events.push(e) });
    expect(checkPlan(p, plan).errors).toEqual([]);
    expect(strip(plan)).toEqual(strip(await solveProblem(p)));
    const stages = events.map((e) => e.stage);
    expect(stages[0]).toBe('first-plan');
    expect(events[0]?.plan).toBeDefined();
    expect(stages).toContain('maximum-proven');
    expect(stages[stages.length - 1]).toBe('done');
  });

  it('runs concurrent solves and recycles workers after N solves', async () => {
    const problems = [1, 2, 3, 4, 5, 6, 7].map((seed) => randomProblem(25, [30, 60], seed));
    const plans = await Promise.all(problems.map((p) => pool.solve(p)));
    plans.forEach((plan, i) => expect(checkPlan(problems[i]!, plan).errors).toEqual([]));
    expect(pool.stats.recycled).toBeGreaterThanOrEqual(2);
    expect(pool.stats.busy).toBe(0);
  });

  it('passes malformed input errors through', async () => {
    const bad = problem({ 0: [['9.00', '10.00']] }, [student('a', 'A', 25, { 0: [['9.00', '10.00']] })]);
    await expect(pool.solve(bad)).rejects.toMatchObject({ name: 'ProblemInputError' });
    // the worker survives
    const ok = await pool.solve(problem({ 0: [['9.00', '10.00']] }, [student('a', 'A', 30, { 0: [['9.00', '10.00']] })]));
    expect(ok.status).toBe('OPTIMAL');
  });

  it('rejects on timeout when no plan arrived, and then works on', async () => {
    const p = randomProblem(30, [30, 60], 4);
    await expect(pool.solve(p, { timeoutMs: 1 })).rejects.toBeInstanceOf(SolverTimeoutError);
    const plan = await pool.solve(p);
    expect(checkPlan(p, plan).errors).toEqual([]);
    expect(pool.stats.timedOut).toBe(1);
  });

  it('refuses work after close', async () => {
    const other = new SolverPool({ size: 1 });
    const running = other.solve(randomProblem(20, [30], 9));
    const queued = other.solve(randomProblem(20, [30], 10));
    const closing = other.close();
    await expect(queued).rejects.toBeInstanceOf(SolverPoolClosedError);
    expect((await running).status).toBeDefined();
    await closing;
    await expect(other.solve(randomProblem(5, [30], 1))).rejects.toBeInstanceOf(SolverPoolClosedError);
  });
});
