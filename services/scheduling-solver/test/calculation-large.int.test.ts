import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidPlan } from './plan-checks.js';
import { api, labels, member, startHarness, type Harness, type StubMember, type Times } from './helpers.js';

/** The "99 students of 120 minutes": always an answer within the time limit, never a 500. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SOLVER_TIME_LIMIT_S: '10' });
});
afterAll(async () => {
  await h?.stop();
});

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('99 students of 120 minutes', () => {
  it('answers 200 with a valid partial plan when the wiggle room allows it, 400 INFEASIBLE with the best plan otherwise', async () => {
    const rand = rng(42);
    const members: StubMember[] = [];
    for (let i = 0; i < 99; i++) {
      const times: Times = {};
      for (let d = 0; d < 5; d++) {
        if (rand() < 0.5) continue;
        const from = 8 + Math.floor(rand() * 8);
        const len = 2 + Math.floor(rand() * 5);
        times[String(d)] = labels(`${from}.00`, `${Math.min(20, from + len)}.00`);
      }
      members.push(member(`Studi ${String(i + 1).padStart(2, '0')}`, 120, times));
    }
    const teacherTimes: Times = {};
    for (let d = 0; d < 5; d++) teacherTimes[String(d)] = labels('8.00', '20.00');
    const cls = h.world.addClass(h.teacherId, members, teacherTimes);

    const started = Date.now();
    const ok = await api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, { wiggleRoom: 99, selectedClass: cls.classId, timePreferences: {} });
    const took = Date.now() - started;
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(200);
    expect(took).toBeLessThan(28_000);
    // 5 days x 12 h of teacher time hold at most 30 lessons of 2 h.
    expect(ok.body.placements.length).toBeGreaterThan(0);
    expect(ok.body.placements.length).toBeLessThanOrEqual(30);
    expectValidPlan(ok.body, cls);
    expect(ok.body.placements.length + ok.body.unscheduled_students.length + ok.body.skipped_students.length).toBe(99);

    const tight = await api(h, 'POST', '/api/cp-sat-berechnung-from-db', h.teacher, { wiggleRoom: 0, selectedClass: cls.classId, timePreferences: {} });
    expect(tight.status).toBe(400);
    expect(tight.body.detail.error_type).toBe('INFEASIBLE');
    expect(tight.body.detail.unscheduled_students.length).toBeGreaterThan(0);
    expectValidPlan(tight.body.detail.best_plan, cls);
  });
});
