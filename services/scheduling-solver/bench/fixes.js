// Fixes table of the benchmark (issue 27): each instance once more with `--fixes`, the time the fixes
// took on top of the plan (stats.stages.fixesMs), and every listed fix checked by re-solving: the
// problem with the fix applied (read and changed here, apart from src/solver) goes through the solver
// command again; the new plan must be valid and place at least one student more. A fix that does not
// is a failure (exit status 1).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkPlan } from './lib/check.js';
import { chosenSource, label, parseLabel } from './lib/problem.js';

const span = (start, end) => {
  const out = [];
  for (let t = parseLabel(start); t < parseLabel(end); t++) out.push(label(t));
  return out;
};
const addTimes = (times, day, start, end) => ({ ...(times ?? {}), [day]: [...(times?.[day] ?? []), ...span(start, end)] });

/** The problem with one fix of student `id` applied, as the planner would apply it. */
export function applyFix(problem, id, fix) {
  const students = (change) => problem.students.map((s) => (s.member_id === id ? change(s) : s));
  switch (fix.kind) {
    case 'teacher_time':
      return { ...problem, teacherTimes: addTimes(problem.teacherTimes, fix.day, fix.start, fix.end) };
    case 'student_time':
      return {
        ...problem,
        students: students((s) => {
          const source = chosenSource(problem, s);
          return { ...s, [source]: addTimes(s[source], fix.day, fix.start, fix.end) };
        }),
      };
    case 'shorter':
      return { ...problem, students: students((s) => ({ ...s, duration: fix.duration })) };
    case 'move_other':
      return {
        ...problem,
        pinned: [
          ...(problem.pinned ?? []).filter((p) => p.member_id !== fix.member_id),
          { member_id: fix.member_id, day: fix.to.day, start: fix.to.start, week: fix.to.week },
        ],
      };
    default:
      throw new Error(`unknown fix kind ${fix.kind}`);
  }
}

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

/**
 * Runs the table over `sets` ([{ dir, names }]). `runSolver(cmd, file)` is run.js's runner; `solver` the plain
 * command (re-solving), `fixesSolver` the one that lists fixes.
 */
export async function fixesTable({ sets, solver, fixesSolver, runSolver, readProblem, checkEach }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-fixes-'));
  const rows = [];
  console.log(`\n# fixes: '${fixesSolver}'; each fix re-solved with '${solver}' (must be valid and place one more student)`);
  console.log(
    `${pad('instance', 18)} ${lpad('unplaced', 8)} ${lpad('fixes', 5)} ${lpad('T/S/M/D', 11)} ${lpad('empty', 5)} ${lpad('incompl', 7)} ${lpad('fixes s', 7)} ${lpad('plan s', 7)} ${lpad('checked', 7)} ${lpad('ok', 4)}  notes`,
  );
  try {
    for (const { dir, name } of sets.flatMap((set) => set.names.map((n) => ({ dir: set.dir, name: n })))) {
      const file = path.join(dir, `${name}.json`);
      const problem = readProblem(file);
      const r = await runSolver(fixesSolver, file);
      const plan = r.output;
      const row = { instance: name, errors: [] };
      rows.push(row);
      if (!plan?.fixes) {
        row.errors.push(r.timedOut ? 'timeout' : `no fixes in the answer (${r.parseError ?? `exit ${r.rc}`})`);
        console.log(`${pad(name, 18)} ${row.errors[0]}`);
        continue;
      }
      const stages = plan.stats?.stages ?? {};
      const entries = Object.entries(plan.fixes);
      const all = entries.flatMap(([id, fixes]) => fixes.map((fix) => ({ id, fix })));
      Object.assign(row, {
        unplaced: entries.length,
        fixes: all.length,
        by_kind: ['teacher_time', 'student_time', 'move_other', 'shorter'].map((k) => all.filter((f) => f.fix.kind === k).length),
        empty: entries.filter(([, f]) => f.length === 0).length,
        incomplete: plan.fixes_incomplete?.length ?? 0,
        fixes_s: (stages.fixesMs ?? 0) / 1000,
        plan_s: ((stages.totalMs ?? 0) - (stages.fixesMs ?? 0)) / 1000,
        checked: 0,
        ok: 0,
      });
      for (const { id, fix } of checkEach ? all : []) {
        const changed = applyFix(problem, id, fix);
        const f = path.join(tmp, `${name}.json`);
        writeFileSync(f, JSON.stringify(changed));
        const again = await runSolver(solver, f);
        row.checked++;
        const v = again.output ? checkPlan(changed, again.output, null) : null;
        if (v?.valid && v.placed >= plan.stats.placed + 1) row.ok++;
        else row.errors.push(`${id.slice(0, 8)} ${JSON.stringify(fix)}: ${v ? (v.valid ? `placed ${v.placed}` : v.errors[0]) : 'no answer'}`);
      }
      console.log(
        `${pad(name, 18)} ${lpad(row.unplaced, 8)} ${lpad(row.fixes, 5)} ${lpad(row.by_kind.join('/'), 11)} ${lpad(row.empty, 5)} ${lpad(row.incomplete, 7)} ${lpad(row.fixes_s.toFixed(2), 7)} ${lpad(row.plan_s.toFixed(2), 7)} ${lpad(row.checked, 7)} ${lpad(row.ok, 4)}  ${row.errors.slice(0, 2).join(' | ')}`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const sum = (k) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  const summary = {
    instances: rows.length,
    fixes: sum('fixes'),
    checked: sum('checked'),
    ok: sum('ok'),
    incomplete: sum('incomplete'),
    max_fixes_s: Math.max(0, ...rows.map((r) => r.fixes_s ?? 0)),
    failed: rows.filter((r) => r.errors.length > 0).length,
  };
  console.log(
    `SUMMARY (fixes): ${summary.instances} instances | ${summary.fixes} fixes, ${summary.checked} re-solved, ${summary.ok} place one more | students with an undecided kind ${summary.incomplete} | fixes time max ${summary.max_fixes_s.toFixed(2)}s`,
  );
  return { rows, summary };
}
