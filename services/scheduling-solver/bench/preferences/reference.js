// Exact reference for the four stages, formulated apart from the solver: one time-indexed MILP in
// CPLEX LP text for HiGHS (the solver builds sparse flow models instead), solved stage by stage,
// each later stage with the earlier optima as constraints, in the solver's order with a previous plan:
//   1 max placed, 2 max students kept at their previous lesson (moved = previous students - kept),
//   3 max lessons in preferred times, 4 min idle slots.
// Without previous lessons stage 2 has nothing to gain and is skipped (placed > preferred > idle).
// Idle: per day s_t (the first lesson started by slot t), e_t (the last one ends after slot t),
// z_t >= s_t + e_t - 1 (slot t inside the day's span); idle = sum z - lesson slots.
// Two-week plans (a biweekly student): a biweekly student has one candidate per window and week
// (A, B), a weekly candidate holds its slots in both weeks; the "at most one lesson" rows and the
// idle variables are per week and day. Without a biweekly student the LP text is the one-week one.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import highsLoader from 'highs';
import { checkPlan } from '../lib/check.js';
import { makePlan } from '../lib/problem.js';
import { ORDER, isKept, isPreferred, preferredSlots, previousLessons, stageValues } from './stages.js';

let runtime;
const highs = async () => (runtime ??= await highsLoader());

const sum = (terms) =>
  terms
    .map(
      ([c, v], k) =>
        `${k === 0 ? (c < 0 ? '-' : '') : c < 0 ? ' - ' : ' + '}${Math.abs(c) === 1 ? '' : `${Math.abs(c)} `}${v}${(k + 1) % 12 === 0 ? '\n ' : ''}`,
    )
    .join('');

export async function stagedOptimum(inst, { timeLimit = 900 } = {}) {
  const h = await highs();
  const pref = preferredSlots(inst);
  const prev = previousLessons(inst);
  const cand = []; // [student, day, start, name, preferred, previous, week ('A', 'B' or null)]
  // Weeks a candidate holds: '' in a one-week plan, 'A' and 'B' for a weekly one in two weeks.
  const held = (week) => (week ? [week] : inst.twoWeeks ? ['A', 'B'] : ['']);
  inst.active.forEach((i) => {
    const weeks = inst.twoWeeks && inst.biweekly[i] ? ['A', 'B'] : [null];
    for (const week of weeks)
      inst.cands[i].forEach(([d, t]) => {
        cand.push([i, d, t, `x${cand.length}`, isPreferred(pref, i, d, t, inst.length[i]), isKept(inst, i, prev.get(i), d, t, week), week]);
      });
  });
  const rows = [];
  const byStudent = new Map();
  const cover = new Map();
  for (const [i, d, t, v, , , week] of cand) {
    if (!byStudent.has(i)) byStudent.set(i, []);
    byStudent.get(i).push([1, v]);
    for (const w of held(week))
      for (let k = t; k < t + inst.length[i]; k++) {
        const key = `${w}${d}_${k}`;
        if (!cover.has(key)) cover.set(key, []);
        cover.get(key).push([1, v]);
      }
  }
  for (const terms of byStudent.values()) rows.push(`${sum(terms)} <= 1`);
  for (const terms of cover.values()) if (terms.length > 1) rows.push(`${sum(terms)} <= 1`);
  const bins = cand.map((c) => c[3]);
  const bounds = [];
  const idleTerms = cand.map(([i, , , v, , , week]) => [-inst.length[i] * held(week).length, v]);
  const idleRows = [];
  const days = new Map(); // `${week}${day}` -> [lo, hi]
  for (const [i, d0, t, , , , week] of cand)
    for (const w of held(week)) {
      const d = `${w}${d0}`;
      const [lo, hi] = days.get(d) ?? [Infinity, -Infinity];
      days.set(d, [Math.min(lo, t), Math.max(hi, t + inst.length[i] - 1)]);
    }
  for (const [d, [lo, hi]] of days) {
    for (let t = lo; t <= hi; t++) {
      bins.push(`s${d}_${t}`, `e${d}_${t}`);
      bounds.push(` z${d}_${t} >= 0`);
      idleTerms.push([1, `z${d}_${t}`]);
      idleRows.push(`z${d}_${t} - s${d}_${t} - e${d}_${t} >= -1`);
      if (t > lo) idleRows.push(`s${d}_${t} - s${d}_${t - 1} >= 0`, `e${d}_${t - 1} - e${d}_${t} >= 0`);
    }
  }
  for (const [i, d, t, v, , , week] of cand)
    for (const w of held(week)) idleRows.push(`s${w}${d}_${t} - ${v} >= 0`, `e${w}${d}_${t + inst.length[i] - 1} - ${v} >= 0`);
  const opts = { time_limit: timeLimit, mip_rel_gap: 0, mip_abs_gap: 0, random_seed: 7, output_flag: false };
  const solve = (sense, obj, extra) =>
    h.solve(
      `${sense}\n obj: ${obj.length ? sum(obj) : '0 x0'}\nSubject To\n${[...rows, ...idleRows, ...extra].map((r, k) => ` r${k}: ${r}`).join('\n')}\n` +
        `Bounds\n${bounds.join('\n')}\nBinary\n ${bins.join(' ')}\nEnd\n`,
      opts,
    );
  const all = cand.map((c) => [1, c[3]]);
  const prefTerms = cand.filter((c) => c[4]).map((c) => [1, c[3]]);
  const keptTerms = cand.filter((c) => c[5]).map((c) => [1, c[3]]);
  let last = null; // the latest solution: the plan of the last stage that ran
  const stage = (sense, obj, extra) => {
    const t0 = performance.now();
    const r = solve(sense, obj, extra);
    last = r;
    return { value: Math.round(r.ObjectiveValue), proven: r.Status === 'Optimal', status: r.Status, s: (performance.now() - t0) / 1000 };
  };
  if (!cand.length)
    return {
      order: ORDER,
      placed: 0,
      moved: prev.size,
      preferred: 0,
      idle_min: 0,
      proven: true,
      stage_status: [],
      times_s: [0, 0, 0, 0],
      placement: new Map(),
    };
  const skipped = { value: 0, proven: true, s: 0 };
  const s1 = stage('Maximize', all, []);
  const fix1 = [`${sum(all)} = ${s1.value}`];
  const s2 = keptTerms.length ? stage('Maximize', keptTerms, fix1) : skipped;
  const fix2 = [...fix1, ...(keptTerms.length ? [`${sum(keptTerms)} = ${s2.value}`] : [])];
  const s3 = prefTerms.length ? stage('Maximize', prefTerms, fix2) : skipped;
  const fix3 = [...fix2, ...(prefTerms.length ? [`${sum(prefTerms)} = ${s3.value}`] : [])];
  const s4 = stage('Minimize', idleTerms, fix3);
  return {
    order: ORDER,
    placed: s1.value,
    moved: prev.size - s2.value,
    preferred: s3.value,
    idle_min: s4.value * 15,
    proven: s1.proven && s2.proven && s3.proven && s4.proven,
    stage_status: [s1, s2, s3, s4].map((x) => x.status ?? 'skipped (nothing to gain)'),
    placement: new Map(cand.filter((c) => last.Columns[c[3]].Primal > 0.5).map(([i, d, t, , , , week]) => [i, week ? [d, t, week] : [d, t]])),
    times_s: [s1.s, s2.s, s3.s, s4.s].map((x) => Math.round(x * 1000) / 1000),
  };
}

/**
 * The staged optimum of an instance, checked: every stage proven (status Optimal), the plan of the
 * last stage valid under the benchmark's checker (strict) and showing the claimed values under
 * stages.js. Throws otherwise (the generators then do not write the instance).
 */
export async function checkedOptimum(id, inst, { timeLimit = 900 } = {}) {
  const t0 = performance.now();
  const { placement, ...ref } = await stagedOptimum(inst, { timeLimit });
  console.error(`${id}: ${JSON.stringify(ref)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (!ref.proven) throw new Error(`${id}: a stage is not proven optimal (${ref.stage_status.join(', ')}); try another seed`);
  const plan = makePlan(inst, placement, 'OPTIMAL');
  const verdict = checkPlan(inst.problem, plan, { opt_placed: ref.placed, placed_proven: true, expected_status: 'OPTIMAL' }, { strict: true, inst });
  if (!verdict.valid || !verdict.status_ok)
    throw new Error(`${id}: reference plan fails the checker: ${[...verdict.errors, ...verdict.status_errors].join('; ')}`);
  const values = stageValues(inst, placement);
  for (const k of ['placed', 'preferred', 'idle_min', 'moved']) {
    if (values[k] !== ref[k]) throw new Error(`${id}: reference plan has ${k} ${values[k]}, the MILP claims ${ref[k]}`);
  }
  return ref;
}

/**
 * Builds the instances of a generator (`build(name, seed)` -> [id, reference entry]) into `out` and
 * merges their entries into out/reference.json, after every instance (a long run keeps what it has
 * proven).
 */
export async function generateSet({ out, only, bases, build, generator }) {
  mkdirSync(out, { recursive: true });
  const refFile = path.join(out, 'reference.json');
  let reference = {};
  try {
    reference = JSON.parse(readFileSync(refFile, 'utf8')).instances ?? {};
  } catch {
    /* first run */
  }
  for (const [name, seed] of Object.entries(bases)) {
    if (only && !only.test(name)) continue;
    const [id, ref] = await build(name, seed);
    reference[id] = ref;
    const sorted = Object.fromEntries(Object.entries(reference).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(refFile, `${JSON.stringify({ generator, reference: 'bench/preferences/reference.js', instances: sorted }, null, 1)}\n`);
  }
}
