// Reference optima for the benchmark instances, computed apart from the solver: a time-indexed MILP
// written as CPLEX LP text for HiGHS (the solver builds its own sparse models with a flow formulation
// instead), a brute-force search for small instances, and a greedy baseline.
import highsLoader from 'highs';
import { idleSlots } from './problem.js';

let runtime;
const highs = async () => (runtime ??= await highsLoader());

/** Loads the WASM runtime, so that the first instance's solve time does not include it. */
export const warmUp = () => highs();

/** One LP row or objective, wrapped every 12 terms (the LP reader takes continuation lines). */
const sum = (terms) =>
  terms
    .map(
      ([c, v], k) =>
        `${k === 0 ? (c < 0 ? '-' : '') : c < 0 ? ' - ' : ' + '}${Math.abs(c) === 1 ? '' : `${Math.abs(c)} `}${v}${(k + 1) % 12 === 0 ? '\n ' : ''}`,
    )
    .join('');

/**
 * Max students placed (stage 1); then, with that many placed, min idle slots (stage 2; skipped when
 * `idle` is false). Variables: x_c per candidate window; per day s_t (the day's first lesson started
 * by slot t), e_t (its last lesson ends after slot t), z_t >= s_t + e_t - 1 (slot t inside the day's
 * span). Idle = sum z - lesson slots.
 */
export async function milpOptimum(inst, { timeLimit = 600, idle = true } = {}) {
  const h = await highs();
  const cand = []; // [student, day, start, name]
  inst.active.forEach((i) => inst.cands[i].forEach(([d, t]) => cand.push([i, d, t, `x${cand.length}`])));
  const rows = [];
  const byStudent = new Map();
  const cover = new Map();
  for (const [i, d, t, v] of cand) {
    if (!byStudent.has(i)) byStudent.set(i, []);
    byStudent.get(i).push([1, v]);
    for (let k = t; k < t + inst.length[i]; k++) {
      const key = `${d}_${k}`;
      if (!cover.has(key)) cover.set(key, []);
      cover.get(key).push([1, v]);
    }
  }
  for (const terms of byStudent.values()) rows.push(`${sum(terms)} <= 1`);
  for (const terms of cover.values()) if (terms.length > 1) rows.push(`${sum(terms)} <= 1`);
  const binaries = cand.map((c) => c[3]);
  const opts = { time_limit: timeLimit, mip_rel_gap: 0, mip_abs_gap: 0, random_seed: 7, output_flag: false };
  const solve = (sense, obj, extra, bins, bounds = []) =>
    h.solve(
      `${sense}\n obj: ${sum(obj)}\nSubject To\n${[...rows, ...extra].map((r, k) => ` r${k}: ${r}`).join('\n')}\n` +
        `Bounds\n${bounds.join('\n')}\nBinary\n ${bins.join(' ')}\nEnd\n`,
      opts,
    );
  const t0 = performance.now();
  const s1 = solve(
    'Maximize',
    cand.map((c) => [1, c[3]]),
    [],
    binaries,
  );
  const stage1_s = (performance.now() - t0) / 1000;
  if (!cand.length) return { placed: 0, placedProven: true, idle: 0, idleProven: true, placement: new Map(), stage1_s, stage2_s: 0 };
  const placed = Math.round(s1.ObjectiveValue);
  const placedProven = s1.Status === 'Optimal';
  const pick = (sol) => new Map(cand.filter((c) => sol.Columns[c[3]].Primal > 0.5).map(([i, d, t]) => [i, [d, t]]));
  let placement = pick(s1);
  if (!idle) return { placed, placedProven, idle: null, idleProven: false, placement, stage1_s, stage2_s: null };

  const extra = [`${sum(cand.map((c) => [1, c[3]]))} = ${placed}`];
  const bins = [...binaries];
  const bounds = [];
  const obj = cand.map(([i, , , v]) => [-inst.length[i], v]);
  const days = new Map(); // day -> [lo, hi] over the candidates' slots
  for (const [i, d, t] of cand) {
    const [lo, hi] = days.get(d) ?? [Infinity, -Infinity];
    days.set(d, [Math.min(lo, t), Math.max(hi, t + inst.length[i] - 1)]);
  }
  for (const [d, [lo, hi]] of days) {
    for (let t = lo; t <= hi; t++) {
      bins.push(`s${d}_${t}`, `e${d}_${t}`);
      bounds.push(` z${d}_${t} >= 0`);
      obj.push([1, `z${d}_${t}`]);
      extra.push(`z${d}_${t} - s${d}_${t} - e${d}_${t} >= -1`);
      if (t > lo) extra.push(`s${d}_${t} - s${d}_${t - 1} >= 0`, `e${d}_${t - 1} - e${d}_${t} >= 0`);
    }
  }
  for (const [i, d, t, v] of cand) extra.push(`s${d}_${t} - ${v} >= 0`, `e${d}_${t + inst.length[i] - 1} - ${v} >= 0`);
  const t1 = performance.now();
  const s2 = solve('Minimize', obj, extra, bins, bounds);
  const stage2_s = (performance.now() - t1) / 1000;
  placement = pick(s2);
  const idleFound = idleSlots([...placement].map(([i, [d, t]]) => [d, t, inst.length[i]]));
  return { placed, placedProven, idle: idleFound, idleProven: s2.Status === 'Optimal' && placedProven, placement, stage1_s, stage2_s };
}

/** Exhaustive (max placed, then min idle slots) for small instances; undefined when too large. */
export function bruteForce(inst, limit = 5e6) {
  const order = [...inst.active].sort((a, b) => inst.cands[a].length - inst.cands[b].length);
  const size = order.reduce((p, i) => p * (inst.cands[i].length + 1), 1);
  if (size > limit) return undefined;
  const busy = new Set();
  const chosen = new Map();
  let best = { placed: -1, idle: Infinity, placement: new Map() };
  const visit = (k) => {
    if (chosen.size + (order.length - k) < best.placed) return;
    if (k === order.length) {
      const idle = idleSlots([...chosen].map(([i, [d, t]]) => [d, t, inst.length[i]]));
      if (chosen.size > best.placed || idle < best.idle) best = { placed: chosen.size, idle, placement: new Map(chosen) };
      return;
    }
    const i = order[k];
    for (const [d, t] of inst.cands[i]) {
      const slots = Array.from({ length: inst.length[i] }, (_, n) => `${d}_${t + n}`);
      if (slots.some((s) => busy.has(s))) continue;
      slots.forEach((s) => busy.add(s));
      chosen.set(i, [d, t]);
      visit(k + 1);
      chosen.delete(i);
      slots.forEach((s) => busy.delete(s));
    }
    visit(k + 1); // i unplaced
  };
  visit(0);
  return best;
}

/** Greedy baseline: fewest windows first, earliest free window. */
export function greedy(inst) {
  const busy = new Set();
  const placement = new Map();
  for (const i of [...inst.active].sort((a, b) => inst.cands[a].length - inst.cands[b].length || a - b)) {
    for (const [d, t] of inst.cands[i]) {
      const slots = Array.from({ length: inst.length[i] }, (_, n) => `${d}_${t + n}`);
      if (slots.some((s) => busy.has(s))) continue;
      slots.forEach((s) => busy.add(s));
      placement.set(i, [d, t]);
      break;
    }
  }
  return placement;
}
