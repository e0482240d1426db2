// The benchmark's own pieces: its checker refuses wrong plans, and its generator reproduces the
// committed instances from their seeds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS of the benchmark
import { checkPlan } from '../../../bench/lib/check.js';

const bench = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bench');
const t = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => `${Math.floor((from + k) / 4)}.${String(((from + k) % 4) * 15).padStart(2, '0')}`);
const problem = {
  wiggleRoom: 0,
  teacherTimes: { '0': t(36, 44) }, // Monday 9.00-11.00
  students: [
    { member_id: 'a', name: 'A', duration: 60, available_times: { '0': t(36, 44) }, available_times_user_input: {} },
    { member_id: 'b', name: 'B', duration: 60, available_times: { '0': t(36, 44) }, available_times_user_input: {} },
    { member_id: 'c', name: 'C', duration: 30, available_times: { '3': t(36, 44) }, available_times_user_input: {} },
  ],
  timePreferences: {},
};
const good = {
  status: 'OPTIMAL',
  placements: [
    { member_id: 'a', day: 0, start: '9.00', end: '10.00' },
    { member_id: 'b', day: 0, start: '10.00', end: '11.00' },
  ],
  unscheduled_students: [],
  skipped_students: ['c'],
};

describe('benchmark checker', () => {
  it('accepts a right plan and reports placed and idle', () => {
    const v = checkPlan(
      problem,
      good,
      { opt_placed: 2, placed_proven: true, best_idle_min: 0, idle_proven: true, expected_status: 'OPTIMAL' },
      { strict: true },
    );
    expect(v).toMatchObject({ valid: true, status_ok: true, placed: 2, idle_min: 0, errors: [] });
  });

  it.each([
    ['overlap', { ...good, placements: [good.placements[0], { member_id: 'b', day: 0, start: '9.30', end: '10.30' }] }, /overlaps a/],
    ['outside the teacher', { ...good, placements: [good.placements[0], { member_id: 'b', day: 0, start: '10.15', end: '11.15' }] }, /outside teacherTimes/],
    ['wrong length', { ...good, placements: [good.placements[0], { member_id: 'b', day: 0, start: '10.00', end: '10.45' }] }, /duration is 60 min/],
    ['placed twice', { ...good, placements: [...good.placements, good.placements[0]] }, /more than once/],
    ['OPTIMAL beyond wiggleRoom', { ...good, placements: [good.placements[0]], unscheduled_students: ['b'] }, /unplaced > wiggleRoom 0/],
  ])('refuses %s', (_name, plan, message) => {
    const v = checkPlan(problem, plan, undefined, { strict: true });
    expect(v.valid).toBe(false);
    expect(v.errors.join('\n')).toMatch(message);
  });

  it('checks biweekly students week by week', () => {
    const twoWeeks = { ...problem, students: problem.students.map((s) => (s.member_id === 'c' ? s : { ...s, frequency: 'biweekly' })) };
    const lesson = { member_id: 'a', day: 0, start: '9.00', end: '10.00' };
    const plan = (placements: object[]) => ({ status: 'OPTIMAL', placements, unscheduled_students: [], skipped_students: ['c'] });
    const alternate = checkPlan(
      twoWeeks,
      plan([
        { ...lesson, week: 'A' },
        { ...lesson, member_id: 'b', week: 'B' },
      ]),
      undefined,
      { strict: true },
    );
    expect(alternate).toMatchObject({ valid: true, placed: 2, idle_min: 0 });
    for (const [placements, message] of [
      [
        [
          { ...lesson, week: 'A' },
          { ...lesson, member_id: 'b', week: 'A' },
        ],
        /overlaps a on day 0/,
      ],
      [[{ ...lesson, week: null }], /biweekly student needs "week": "A" or "B", got null/],
      [[{ ...lesson, week: 'C' }], /got "C"/],
    ] as const) {
      const v = checkPlan(twoWeeks, plan([...placements]), undefined, { strict: true });
      expect(v.errors.join('\n')).toMatch(message);
    }
    // one week: a week on a (weekly) lesson is an error
    expect(checkPlan(problem, { ...good, placements: [{ ...good.placements[0], week: 'A' }, good.placements[1]] }).errors.join('\n')).toMatch(
      /"week": "A" on a weekly student/,
    );
  });

  it('a wrong skipped list is an error only with strict', () => {
    const plan = { ...good, skipped_students: [] };
    expect(checkPlan(problem, plan).valid).toBe(true);
    expect(checkPlan(problem, plan, undefined, { strict: true }).errors).toEqual([
      '1 students without a usable window not listed as skipped',
      '1 students neither placed, unscheduled nor skipped',
    ]);
  });

  it('the generator makes a committed instance again from their seeds', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'bench-gen-'));
    try {
      execFileSync(process.execPath, [path.join(bench, 'generate.js'), '--only', 'small-02', '--out', out], { stdio: 'pipe' });
      for (const name of ['small-02']) {
        expect(readFileSync(path.join(out, `${name}.json`), 'utf8'), name).toBe(readFileSync(path.join(bench, 'instances', `${name}.json`), 'utf8'));
      }
      const fresh = JSON.parse(readFileSync(path.join(out, 'reference.json'), 'utf8')).instances;
      const committed = JSON.parse(readFileSync(path.join(bench, 'instances', 'reference.json'), 'utf8')).instances;
      expect(fresh['small-02'].opt_placed).toBe(committed['small-02'].opt_placed);
      expect(fresh['small-02'].best_idle_min).toBe(committed['small-02'].best_idle_min);
      expect(fresh['small-02'].checked_by).toBe('milp+brute-force');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('the biweekly generator makes a committed instance and its staged optimum again', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'bench-bw-gen-'));
    try {
      execFileSync(process.execPath, [path.join(bench, 'biweekly', 'generate.js'), '--only', 'small-02-pref', '--out', out], { stdio: 'pipe' });
      const name = 'small-02-pref-bw';
      expect(readFileSync(path.join(out, `${name}.json`), 'utf8')).toBe(readFileSync(path.join(bench, 'biweekly', 'instances', `${name}.json`), 'utf8'));
      const fresh = JSON.parse(readFileSync(path.join(out, 'reference.json'), 'utf8')).instances[name];
      const committed = JSON.parse(readFileSync(path.join(bench, 'biweekly', 'instances', 'reference.json'), 'utf8')).instances[name];
      for (const k of ['placed', 'preferred', 'idle_min', 'moved', 'proven', 'n_biweekly']) expect(fresh[k], k).toBe(committed[k]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('the preference generator makes a committed instance and its staged optimum again', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'bench-pref-gen-'));
    try {
      execFileSync(process.execPath, [path.join(bench, 'preferences', 'generate.js'), '--only', 'medium-02', '--out', out], { stdio: 'pipe' });
      const name = 'medium-02-pref';
      expect(readFileSync(path.join(out, `${name}.json`), 'utf8')).toBe(readFileSync(path.join(bench, 'preferences', 'instances', `${name}.json`), 'utf8'));
      const fresh = JSON.parse(readFileSync(path.join(out, 'reference.json'), 'utf8')).instances[name];
      const committed = JSON.parse(readFileSync(path.join(bench, 'preferences', 'instances', 'reference.json'), 'utf8')).instances[name];
      for (const k of ['placed', 'preferred', 'idle_min', 'moved', 'proven']) expect(fresh[k], k).toBe(committed[k]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
