// Every public bench instance (shared/bench/solver, next to the repository): the plan must be
// valid for the bench's own validator and at the proven optimum of reference.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPlan } from './plan-check.js';
import { solveProblem } from './solve.js';
import type { Problem } from './types.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/bench/solver');
const setDir = path.join(benchDir, 'instances/public');
const present = existsSync(path.join(setDir, 'reference.json'));
const hasPython = (() => {
  try { execFileSync('python3', ['--version'], { stdio: 'ignore' }); return true; } catch { return false; }
})();

interface Ref { opt_placed: number; best_idle_min: number | null; expected_status: string; placed_proven: boolean; idle_proven: boolean }

describe.skipIf(!present)('public bench instances', () => {
  const refs: Record<string, Ref> = present ? JSON.parse(readFileSync(path.join(setDir, 'reference.json'), 'utf8')).instances : {};
  const names = present
    ? readdirSync(setDir).filter((f) => f.endsWith('.json') && f !== 'manifest.json' && f !== 'reference.json').map((f) => f.slice(0, -5)).sort()
    : [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'solver-bench-'));

  it.each(names)('%s: valid and optimal', async (name) => {
    const file = path.join(setDir, `${name}.json`);
    const problem = JSON.parse(readFileSync(file, 'utf8')) as Problem;
    const plan = await solveProblem(problem);
    expect(checkPlan(problem, plan).errors).toEqual([]);
    const ref = refs[name];
    expect(plan.stats.placed).toBe(ref.opt_placed);
    if (ref.expected_status === 'INFEASIBLE') expect(plan.status).toBe('INFEASIBLE');
    else {
      expect(plan.status).toBe('OPTIMAL');
      expect(plan.stats.idleMinutes).toBe(ref.best_idle_min);
    }
    if (hasPython) {
      const out = path.join(tmp, `${name}.plan.json`);
      writeFileSync(out, JSON.stringify(plan));
      // exit status 1 (invalid or wrong status) makes execFileSync throw with the validator's report
      const report = execFileSync('python3', [path.join(benchDir, 'validate.py'), file, out, '--reference', path.join(setDir, 'reference.json'), '--strict'], { encoding: 'utf8' });
      expect(report).toMatch(/^VALID/);
    }
  });
});
