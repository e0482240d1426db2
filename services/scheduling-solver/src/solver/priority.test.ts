// The priority of the last two goals (docs/product/planning.md "Solver goals"): preferred times
// first (the default), compact days first, or a trade-off weight in gap minutes per preferred lesson.
import { describe, expect, it } from 'vitest';
import { checkPlan } from './check/plan-check.js';
import { solveProblem } from './solve.js';
import { problem, student, times } from './check/test-problems.js';
import type { Plan, Priority, Problem } from './types.js';

/**
 * Monday 9-12, two 60-minute lessons: A can only take 9-10, B can take 9-12 and wishes for 11-12.
 * B in its wish leaves an idle hour (10-11); B at 10-11 leaves none.
 */
function wishAgainstGap(priority?: Priority): Problem {
  const b = { ...student('b', 'B', 60, { 0: [['9.00', '12.00']] }), preferred_times: times({ 0: [['11.00', '12.00']] }) };
  return { ...problem({ 0: [['9.00', '12.00']] }, [student('a', 'A', 60, { 0: [['9.00', '10.00']] }), b]), ...(priority ? { priority } : {}) };
}

async function solveValid(p: Problem): Promise<Plan> {
  const plan = await solveProblem(p, { timeLimitSec: 20 });
  expect(checkPlan(p, plan).errors).toEqual([]);
  return plan;
}

const startOf = (plan: Plan, id: string) => plan.placements.find((x) => x.member_id === id)?.start;

describe('priority of preferred times and compact days', () => {
  it('puts preferred times first by default and with order "preferred"', async () => {
    for (const p of [wishAgainstGap(), wishAgainstGap({ order: 'preferred' })]) {
      const plan = await solveValid(p);
      expect(startOf(plan, 'b')).toBe('11.00');
      expect(plan.stats).toMatchObject({ placed: 2, preferredPlaced: 1, idleMinutes: 60, preferredProven: true, idleProven: true });
      expect(plan.status).toBe('OPTIMAL');
    }
  });

  it('puts compact days first with order "compact"', async () => {
    const plan = await solveValid(wishAgainstGap({ order: 'compact' }));
    expect(startOf(plan, 'b')).toBe('10.00');
    expect(plan.stats).toMatchObject({ placed: 2, preferredPlaced: 0, idleMinutes: 0, preferredProven: true, idleProven: true });
    expect(plan.status).toBe('OPTIMAL');
  });

  it('with "compact" still takes the most preferred lessons among the most compact plans', async () => {
    // C (30 min) can sit at 10-10.30 or 11.30-12 next to a 10.30-11.30 block; it wishes for 11.30.
    const c = {
      ...student('c', 'C', 30, {
        0: [
          ['10.00', '10.30'],
          ['11.30', '12.00'],
        ],
      }),
      preferred_times: times({ 0: [['11.30', '12.00']] }),
    };
    const p: Problem = {
      ...problem({ 0: [['10.00', '12.00']] }, [student('d', 'D', 60, { 0: [['10.30', '11.30']] }), c]),
      priority: { order: 'compact' },
    };
    const plan = await solveValid(p);
    expect(startOf(plan, 'c')).toBe('11.30');
    expect(plan.stats).toMatchObject({ preferredPlaced: 1, idleMinutes: 0 });
  });

  it('weighs gap minutes against preferred lessons with order "weighted"', async () => {
    // One more preferred lesson costs 60 idle minutes here.
    const at = async (gapMinutesPerPreferred: number) => startOf(await solveValid(wishAgainstGap({ order: 'weighted', gapMinutesPerPreferred })), 'b');
    expect(await at(30)).toBe('10.00');
    expect(await at(45)).toBe('10.00');
    // "at most 60 minutes more per preferred lesson": a tie goes to the preferred lesson.
    expect(await at(60)).toBe('11.00');
    expect(await at(90)).toBe('11.00');
    const plan = await solveValid(wishAgainstGap({ order: 'weighted', gapMinutesPerPreferred: 30 }));
    expect(plan.status).toBe('OPTIMAL');
    expect(plan.stats).toMatchObject({ preferredPlaced: 0, idleMinutes: 0, preferredProven: true, idleProven: true });
  });

  it('never gives up a placed student for either goal', async () => {
    for (const priority of [{ order: 'compact' }, { order: 'weighted', gapMinutesPerPreferred: 600 }] as Priority[]) {
      const plan = await solveValid(wishAgainstGap(priority));
      expect(plan.stats.placed).toBe(2);
    }
  });
});
