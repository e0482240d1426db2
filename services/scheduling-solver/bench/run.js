#!/usr/bin/env node
// Runs a solver command over the benchmark instances, checks every answer, compares with the references.
// Then the same for the preference instances (bench/preferences/instances: preferred times and a
// previous plan), whose table compares every stage (placed, moved, preferred, idle: the order they are optimised in)
// with its proven optimum; then the biweekly instances (bench/biweekly/instances: two-week plans) in
// a table of the same kind; then the fixes of every unplaced student of the first and the biweekly set, each checked by
// re-solving with the fix applied (fixes.js; the solver command with `--fixes`).
//   node services/scheduling-solver/bench/run.js --solver 'CMD' [--timeout 60] [--only REGEX] [--out results.json] [--strict]
//        [--set DIR] [--pref-set DIR | --no-pref] [--bw-set DIR | --no-bw] [--no-fixes | --no-fix-check]
// Exit status 1: an invalid answer or a crash, a fix that does not place one more student; with --strict also a stage off its optimum (preference or biweekly instances).
// CMD reads one problem JSON on stdin and writes one plan JSON on stdout (the whole of stdout, or its
// last line). Runs are sequential; wall time includes process start.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixesTable } from './fixes.js';
import { checkPlan } from './lib/check.js';
import { Instance, parseLabel } from './lib/problem.js';
import { ORDER, stageValues } from './preferences/stages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const solver = opt('--solver');
if (!solver) {
  console.error("usage: run.js --solver 'CMD' [--set DIR] [--timeout 60] [--only REGEX] [--out results.json] [--strict]");
  process.exit(2);
}
const setDir = path.resolve(opt('--set', path.join(here, 'instances')));
const prefDir = argv.includes('--no-pref') ? null : path.resolve(opt('--pref-set', path.join(here, 'preferences', 'instances')));
const bwDir = argv.includes('--no-bw') ? null : path.resolve(opt('--bw-set', path.join(here, 'biweekly', 'instances')));
const timeout = Number(opt('--timeout', 60));
const only = opt('--only') ? new RegExp(opt('--only')) : null;
const strict = argv.includes('--strict');
const FLOOR = 0.01;

function runSolver(cmd, file) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const p = spawn('sh', ['-c', cmd.replaceAll('{instance}', file)], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const out = [];
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-p.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, timeout * 1000);
    p.stdout.on('data', (c) => out.push(c));
    p.stderr.on('data', (c) => (err = (err + c).slice(-2000)));
    p.stdin.on('error', () => undefined);
    p.stdin.end(readFileSync(file));
    p.on('close', (rc) => {
      clearTimeout(timer);
      const res = { wall: (performance.now() - t0) / 1000, rc, timedOut, stderr: err, output: null, parseError: null };
      if (!timedOut) {
        const text = Buffer.concat(out).toString('utf8').trim();
        try {
          res.output = JSON.parse(text);
        } catch {
          try {
            res.output = JSON.parse(text.split('\n').pop() ?? '');
          } catch (e) {
            res.parseError = `stdout is not JSON (${e.message}); starts ${JSON.stringify(text.slice(0, 120))}`;
          }
        }
      }
      resolve(res);
    });
  });
}

const fmtT = (t) => (t == null ? '-' : t < 100 ? t.toFixed(2) : t.toFixed(0));
const fmtR = (r) =>
  r == null ? '-' : r >= 100 ? `${r.toFixed(0)}x` : r < 0.1 ? `${Number(r.toPrecision(2))}x` : r < 10 ? `${r.toFixed(2)}x` : `${r.toFixed(1)}x`;
const geomean = (xs) => {
  const v = xs.filter((x) => x > 0);
  return v.length ? Math.exp(v.reduce((a, x) => a + Math.log(x), 0) / v.length) : null;
};
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

export const HEADER = `${pad('instance', 22)} ${lpad('act', 3)} ${lpad('wig', 3)} ${pad('ref', 6)} ${pad('status', 10)} ${pad('valid', 7)} ${lpad('placed/opt', 10)} ${lpad('idle/best', 11)} ${lpad('wall s', 7)} ${lpad('ref s', 6)} ${lpad('xRef', 7)} ${lpad('greedy', 6)} ${lpad('xGrdy', 7)}  notes`;

function formatRow(row) {
  const exp = { OPTIMAL: 'feas', INFEASIBLE: 'INFEAS' }[row.ref_status] ?? row.ref_status ?? '-';
  const st = row.status ?? row.outcome;
  const placed = `${row.placed ?? '-'}/${row.opt_placed ?? '-'}${row.placed_proven === false ? '?' : ''}`;
  const idle =
    row.valid && row.idle_min != null && row.ref_status !== 'INFEASIBLE'
      ? `${row.idle_min}/${row.best_idle_min ?? '-'}${row.idle_proven === false ? '?' : ''}`
      : '-';
  const notes = [];
  if (['INVALID', 'CRASH', 'TIMEOUT'].includes(row.outcome)) notes.push(row.errors.slice(0, 2).join('; '));
  else if (row.status_ok === false) notes.push(`WRONG STATUS${row.status_errors?.length ? `: ${row.status_errors[0]}` : ''}`);
  if (row.placed_gap) notes.push(`-${row.placed_gap} placed`);
  if (row.idle_excess_min) notes.push(`+${row.idle_excess_min} idle min`);
  if (row.warnings?.length) notes.push(`${row.warnings.length} warning(s): ${row.warnings[0]}`);
  return `${pad(row.instance, 22)} ${lpad(row.n_active, 3)} ${lpad(row.wiggleRoom, 3)} ${pad(exp, 6)} ${pad(st, 10)} ${pad(row.outcome, 7)} ${lpad(placed, 10)} ${lpad(idle, 11)} ${lpad(fmtT(row.wall_s), 7)} ${lpad(fmtT(row.ref_wall_s), 6)} ${lpad(fmtR(row.ratio_ref), 7)} ${lpad(row.greedy_placed ?? '-', 6)} ${lpad(fmtR(row.ratio_greedy), 7)}  ${notes.filter(Boolean).join(' | ')}`;
}

const instanceNames = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !['manifest.json', 'reference.json'].includes(f) && !f.startsWith('results'))
    .map((f) => f.slice(0, -5))
    .sort()
    .filter((n) => !only || only.test(n));
const refs = JSON.parse(readFileSync(path.join(setDir, 'reference.json'), 'utf8')).instances;
const names = instanceNames(setDir);

console.log(
  `# solver: ${solver}\n# timeout ${timeout}s per instance; xRef/xGrdy = wall / reference wall (reference MILP in-process when the instances were generated, greedy baseline); '?' = reference not proven optimal`,
);
console.log(HEADER);
const rows = [];
for (const name of names) {
  const file = path.join(setDir, `${name}.json`);
  const problem = JSON.parse(readFileSync(file, 'utf8'));
  const inst = new Instance(problem);
  const ref = refs[name];
  const r = await runSolver(solver, file);
  const row = {
    instance: name,
    family: ref?.family ?? name.replace(/-\d+$/, ''),
    n_active: inst.nActive,
    wiggleRoom: inst.wiggle,
    wall_s: Math.round(r.wall * 1000) / 1000,
    timed_out: r.timedOut,
    rc: r.rc,
  };
  if (r.timedOut) Object.assign(row, { outcome: 'TIMEOUT', valid: false, errors: [`timeout after ${timeout}s`] });
  else if (!r.output) Object.assign(row, { outcome: 'CRASH', valid: false, errors: [r.parseError ?? `exit ${r.rc}`], stderr: r.stderr.slice(-500) });
  else {
    const v = checkPlan(problem, r.output, ref, { strict, inst });
    if (r.rc) v.warnings.push(`exit status ${r.rc}`);
    Object.assign(row, {
      outcome: v.valid ? 'VALID' : 'INVALID',
      valid: v.valid,
      status: v.status,
      placed: v.placed,
      idle_min: v.idle_min,
      errors: v.errors,
      warnings: v.warnings,
      status_errors: v.status_errors,
    });
  }
  if (ref) {
    Object.assign(row, {
      ref_status: ref.expected_status,
      opt_placed: ref.opt_placed,
      placed_proven: ref.placed_proven,
      best_idle_min: ref.best_idle_min,
      idle_proven: ref.idle_proven,
    });
    row.ref_wall_s = ref.solvers?.reference?.wall_s;
    row.greedy_wall_s = ref.solvers?.greedy?.wall_s;
    row.greedy_placed = ref.solvers?.greedy?.placed;
    const t = Math.max(r.wall, FLOOR);
    if (row.valid && row.ref_wall_s) row.ratio_ref = t / Math.max(row.ref_wall_s, FLOOR);
    if (row.valid && row.greedy_wall_s != null) row.ratio_greedy = t / Math.max(row.greedy_wall_s, FLOOR);
    if (row.valid) {
      row.status_ok = (ref.expected_status === 'INFEASIBLE') === (row.status === 'INFEASIBLE') && !row.status_errors.length;
      if (ref.expected_status !== 'INFEASIBLE' && row.placed != null) {
        row.placed_gap = ref.opt_placed - row.placed;
        row.placed_opt = row.placed >= ref.opt_placed;
        if (row.placed_opt && ref.best_idle_min != null) {
          row.idle_excess_min = row.idle_min - ref.best_idle_min;
          row.idle_opt = row.idle_min <= ref.best_idle_min;
        }
      }
    }
  }
  rows.push(row);
  console.log(formatRow(row));
}

const valid = rows.filter((r) => r.valid);
const feas = valid.filter((r) => r.ref_status === 'OPTIMAL');
const infeas = rows.filter((r) => r.ref_status === 'INFEASIBLE');
const count = (xs, f) => xs.filter(f).length;
const s = {
  instances: rows.length,
  valid: valid.length,
  invalid: count(rows, (r) => r.outcome === 'INVALID'),
  crash: count(rows, (r) => r.outcome === 'CRASH'),
  timeout: count(rows, (r) => r.outcome === 'TIMEOUT'),
  feasible_ref: count(rows, (r) => r.ref_status === 'OPTIMAL'),
  placed_optimal: count(feas, (r) => r.placed_opt),
  placed_missing_total: feas.reduce((a, r) => a + Math.max(0, r.placed_gap ?? 0), 0),
  idle_compared: count(feas, (r) => r.idle_opt != null),
  idle_matched: count(feas, (r) => r.idle_opt),
  idle_excess_total_min: feas.reduce((a, r) => a + Math.max(0, r.idle_excess_min ?? 0), 0),
  infeasible_ref: infeas.length,
  infeasible_detected: count(infeas, (r) => r.valid && r.status === 'INFEASIBLE'),
  status_wrong: count(valid, (r) => r.status_ok === false),
  geomean_ratio_ref: geomean(valid.map((r) => r.ratio_ref ?? 0)),
  geomean_ratio_greedy: geomean(valid.map((r) => r.ratio_greedy ?? 0)),
  total_wall_s: Math.round(rows.reduce((a, r) => a + r.wall_s, 0) * 100) / 100,
  total_ref_wall_s: Math.round(rows.reduce((a, r) => a + (r.ref_wall_s ?? 0), 0) * 100) / 100,
};
console.log(
  `SUMMARY: ${s.instances} instances | invalid ${s.invalid}, crash ${s.crash}, timeout ${s.timeout} | ` +
    `placed-count optimal ${s.placed_optimal}/${s.feasible_ref} (students missing in total ${s.placed_missing_total}) | ` +
    `idle = best-known ${s.idle_matched}/${s.idle_compared} (excess ${s.idle_excess_total_min} min) | ` +
    `INFEASIBLE detected ${s.infeasible_detected}/${s.infeasible_ref}, wrong status ${s.status_wrong} | ` +
    `time geomean x${s.geomean_ratio_ref?.toFixed(2) ?? '-'} vs reference, x${s.geomean_ratio_greedy?.toFixed(2) ?? '-'} vs greedy | ` +
    `wall ${s.total_wall_s}s (reference ${s.total_ref_wall_s}s)`,
);

// Preference instances: every stage against the staged reference (bench/preferences/reference.js).
const SHORT = { placed: 'placed', moved: 'moved', preferred: 'pref', idle_min: 'idle' };
const STAGES = ORDER.map((k) => [k, SHORT[k]]);
export const PREF_HEADER = `${pad('instance', 18)} ${lpad('act', 3)} ${lpad('prev', 4)} ${pad('status', 10)} ${pad('valid', 7)} ${STAGES.map(([, h]) => lpad(`${h}/opt`, 10)).join(' ')} ${pad('proven', 6)} ${lpad('wall s', 7)} ${lpad('ref s', 6)}  notes`;

/** One table of staged instances (a directory with reference.json from preferences/reference.js). */
async function stagedTable(dir, kind, summaryName) {
  const prefRows = [];
  const prefRefs = dir ? JSON.parse(readFileSync(path.join(dir, 'reference.json'), 'utf8')).instances : {};
  const prefNames = dir ? instanceNames(dir) : [];
  if (prefNames.length) {
    console.log(
      `\n# ${kind} instances (${path.relative(process.cwd(), dir) || dir}): value/proven optimum per stage, in the order they are optimised; proven = every reference stage ended Optimal; ref s = the reference's four MILPs in-process`,
    );
    console.log(PREF_HEADER);
  }
  for (const name of prefNames) {
    const file = path.join(dir, `${name}.json`);
    const problem = JSON.parse(readFileSync(file, 'utf8'));
    const inst = new Instance(problem);
    const ref = prefRefs[name];
    const r = await runSolver(solver, file);
    const row = {
      instance: name,
      n_active: inst.nActive,
      n_previous: (problem.previous ?? []).length,
      wall_s: Math.round(r.wall * 1000) / 1000,
      timed_out: r.timedOut,
      rc: r.rc,
      errors: [],
      warnings: [],
    };
    if (r.timedOut) Object.assign(row, { outcome: 'TIMEOUT', valid: false, errors: [`timeout after ${timeout}s`] });
    else if (!r.output) Object.assign(row, { outcome: 'CRASH', valid: false, errors: [r.parseError ?? `exit ${r.rc}`], stderr: r.stderr.slice(-500) });
    else {
      const v = checkPlan(problem, r.output, ref && { opt_placed: ref.placed, placed_proven: ref.proven, expected_status: 'OPTIMAL' }, { strict, inst });
      if (r.rc) v.warnings.push(`exit status ${r.rc}`);
      Object.assign(row, {
        outcome: v.valid ? 'VALID' : 'INVALID',
        valid: v.valid,
        status: v.status,
        errors: [...v.errors, ...v.status_errors],
        warnings: v.warnings,
      });
      if (v.valid) {
        const placement = new Map(r.output.placements.map((p) => [inst.index.get(p.member_id), [p.day, parseLabel(p.start), p.week ?? null]]));
        row.values = stageValues(inst, placement);
      }
    }
    if (ref) {
      row.optimum = Object.fromEntries(STAGES.map(([k]) => [k, ref[k]]));
      row.ref_proven = ref.proven;
      row.ref_wall_s = Math.round(ref.times_s.reduce((a, x) => a + x, 0) * 1000) / 1000;
    }
    if (row.values && row.optimum) {
      // Lexicographic: the first stage that differs decides; the later ones are not comparable then.
      const off = STAGES.find(([k]) => row.values[k] !== row.optimum[k]);
      row.off_stage = off ? off[1] : null;
      row.all_optimal = !off;
      if (off) row.errors.push(`STAGE OFF: ${off[1]} ${row.values[off[0]]} vs optimum ${row.optimum[off[0]]}`);
      else if (row.status !== 'OPTIMAL') row.warnings.push(`every stage at its optimum but status ${row.status}`);
    } else row.all_optimal = false;
    prefRows.push(row);
    const cell = ([k]) => `${row.values?.[k] ?? '-'}/${row.optimum?.[k] ?? '-'}${row.values && row.optimum && row.values[k] !== row.optimum[k] ? '!' : ''}`;
    const notes = [...row.errors.slice(0, 2), ...(row.warnings.length ? [`${row.warnings.length} warning(s): ${row.warnings[0]}`] : [])];
    console.log(
      `${pad(name, 18)} ${lpad(row.n_active, 3)} ${lpad(row.n_previous, 4)} ${pad(row.status ?? row.outcome, 10)} ${pad(row.outcome, 7)} ${STAGES.map((st) => lpad(cell(st), 10)).join(' ')} ${pad(row.ref_proven ? 'yes' : 'NO', 6)} ${lpad(fmtT(row.wall_s), 7)} ${lpad(fmtT(row.ref_wall_s), 6)}  ${notes.join(' | ')}`,
    );
  }
  const ps = {
    instances: prefRows.length,
    valid: count(prefRows, (r) => r.valid),
    all_stages_optimal: count(prefRows, (r) => r.all_optimal),
    off: prefRows.filter((r) => r.off_stage).map((r) => `${r.instance}:${r.off_stage}`),
    status_optimal: count(prefRows, (r) => r.status === 'OPTIMAL'),
    total_wall_s: Math.round(prefRows.reduce((a, r) => a + r.wall_s, 0) * 100) / 100,
    total_ref_wall_s: Math.round(prefRows.reduce((a, r) => a + (r.ref_wall_s ?? 0), 0) * 100) / 100,
  };
  if (prefRows.length) {
    console.log(
      `SUMMARY (${summaryName}): ${ps.instances} instances | valid ${ps.valid} | every stage at its proven optimum ${ps.all_stages_optimal}/${ps.instances}` +
        `${ps.off.length ? ` (OFF: ${ps.off.join(', ')})` : ''} | status OPTIMAL ${ps.status_optimal}/${ps.instances} | wall ${ps.total_wall_s}s (reference ${ps.total_ref_wall_s}s)`,
    );
  }
  return { rows: prefRows, summary: ps };
}

const pref = await stagedTable(prefDir, 'preference', 'preferences');
const bw = await stagedTable(bwDir, 'biweekly', 'biweekly');
const fixes = argv.includes('--no-fixes')
  ? { rows: [], summary: null }
  : await fixesTable({
      // The first set and the biweekly one (fixes keep the weeks of biweekly lessons).
      sets: [{ dir: setDir, names }, ...(bwDir ? [{ dir: bwDir, names: instanceNames(bwDir) }] : [])],
      solver,
      fixesSolver: `${solver} --fixes`,
      runSolver,
      readProblem: (file) => JSON.parse(readFileSync(file, 'utf8')),
      checkEach: !argv.includes('--no-fix-check'),
    });
const out = opt('--out');
if (out)
  writeFileSync(
    out,
    JSON.stringify(
      {
        solver,
        timeout,
        rows,
        summary: s,
        preference_rows: pref.rows,
        preference_summary: pref.summary,
        biweekly_rows: bw.rows,
        biweekly_summary: bw.summary,
        fixes_rows: fixes.rows,
        fixes_summary: fixes.summary,
      },
      null,
      1,
    ),
  );
const stagedRows = [...pref.rows, ...bw.rows];
const prefFailed = stagedRows.some((r) => !r.valid) || (strict && stagedRows.some((r) => !r.all_optimal));
process.exit(s.invalid === 0 && s.crash === 0 && !prefFailed && !fixes.summary?.failed ? 0 : 1);
