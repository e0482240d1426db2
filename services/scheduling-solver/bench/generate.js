#!/usr/bin/env node
// Generates the solver benchmark's instances (deterministic: fixed seeds) and their reference optima.
//   node services/scheduling-solver/bench/generate.js [--only REGEX] [--time-limit S] [--out DIR]
// Writes bench/instances/<family>-NN.json, reference.json (proven optima, reference and greedy
// figures) and manifest.json. Every reference plan is checked by the benchmark's checker; small
// instances are also solved by brute force, which must agree with the MILP. An instance whose optima
// cannot be proven within the time limit is replaced by the next seed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPlan } from './lib/check.js';
import { FIRST, LAST } from './lib/names.js';
import { Instance, label, makePlan, rng as mulberry32 } from './lib/problem.js';
import { bruteForce, greedy, milpOptimum, warmUp } from './lib/reference.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const outDir = path.resolve(arg('--out', path.join(here, 'instances')));
const only = arg('--only') ? new RegExp(arg('--only')) : null;
const timeLimit = Number(arg('--time-limit', 300));

/** The generator's random draws on the shared mulberry32 sequence (lib/problem.js). */
function rng(seed) {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    weighted: (pairs) => {
      let r = next() * pairs.reduce((a, [, w]) => a + w, 0);
      for (const [v, w] of pairs) if ((r -= w) < 0) return v;
      return pairs[pairs.length - 1][0];
    },
    uuid: () => {
      const h = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      h[12] = '4';
      h[16] = '89ab'[Math.floor(next() * 4)];
      const s = h.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

const labels = (a, b) => Array.from({ length: b - a }, (_, k) => label(a + k));

function addBlock(times, day, a, b) {
  const set = new Set(times[day] ?? []);
  for (const l of labels(a, b)) set.add(l);
  times[day] = [...set]; // sorted by sortTimes when the problem is complete
}

function sortTimes(times) {
  const order = (l) => Number(l.split('.')[0]) * 100 + Number(l.split('.')[1]);
  return Object.fromEntries(
    Object.keys(times)
      .sort((a, b) => a - b)
      .map((d) => [d, [...times[d]].sort((x, y) => order(x) - order(y))]),
  );
}

/**
 * One problem. `p`: teacher days and blocks, student count, how wide their windows are, how many
 * have a second (user input) source and an explicit preference.
 */
function makeProblem(r, p) {
  const teacher = {};
  const days = [0, 1, 2, 3, 4, 5]
    .sort(() => r.next() - 0.5)
    .slice(0, p.days)
    .sort();
  for (const d of days) {
    const blocks = r.int(1, p.maxTeacherBlocks);
    let start = r.int(32, 44); // 8:00-11:00
    for (let b = 0; b < blocks && start < 84; b++) {
      const len = r.int(p.teacherBlock[0], p.teacherBlock[1]);
      addBlock(teacher, d, start, Math.min(88, start + len));
      start += len + r.int(2, 8);
    }
  }
  const teacherDays = Object.keys(teacher).map(Number);
  const students = [];
  const prefs = {};
  const window = (times) => {
    const nDays = r.int(1, p.studentDays);
    for (let k = 0; k < nDays; k++) {
      const d = r.next() < 0.8 ? r.pick(teacherDays) : r.int(0, 6);
      const tSlots = (teacher[d] ?? []).map((l) => Number(l.split('.')[0]) * 4 + Number(l.split('.')[1]) / 15);
      const a = tSlots.length && r.next() < 0.85 ? r.pick(tSlots) - r.int(0, 4) : r.int(28, 80);
      addBlock(times, d, Math.max(24, a), Math.min(92, Math.max(24, a) + r.int(p.studentBlock[0], p.studentBlock[1])));
    }
  };
  const capacity = Object.values(teacher).reduce((a, l) => a + l.length, 0) * 15;
  let demand = 0;
  // Students are added until the active ones ask for `ratio` times the teacher's minutes.
  while (demand < p.ratio * capacity) {
    const id = r.uuid();
    const available = {};
    const userInput = {};
    window(available);
    if (r.next() < p.userInputShare) window(userInput);
    if (r.next() < p.unreachableShare) {
      for (const k of Object.keys(available)) delete available[k];
      addBlock(available, 6, 80, 84); // Sunday evening: no teacher time then
      for (const k of Object.keys(userInput)) delete userInput[k];
    }
    const s = {
      member_id: id,
      name: `${r.pick(FIRST)} ${r.pick(LAST)}`,
      duration: r.weighted([
        [30, 45],
        [45, 35],
        [60, 15],
        [90, 5],
      ]),
      available_times: sortTimes(available),
      available_times_user_input: sortTimes(userInput),
    };
    if (new Instance({ teacherTimes: teacher, students: [s], timePreferences: {} }).nActive) demand += s.duration;
    const pref = r.next();
    if (pref < p.preferenceShare / 2) prefs[id] = 'available_times';
    else if (pref < p.preferenceShare) prefs[id] = 'available_times_user_input'; // literal, may be empty
    students.push(s);
  }
  return { wiggleRoom: 0, teacherTimes: sortTimes(teacher), students, timePreferences: prefs };
}

const BASE = {
  maxTeacherBlocks: 2,
  teacherBlock: [12, 24],
  studentDays: 3,
  studentBlock: [8, 24],
  userInputShare: 0.35,
  unreachableShare: 0.08,
  preferenceShare: 0.2,
};
// Per instance: family, count, first seed, problem parameters (ratio = demand / teacher minutes) and
// the wiggleRoom slack over the proven number of unplaced students (-1: one too few, INFEASIBLE).
const FAMILIES = [
  {
    family: 'small',
    seed: 1100,
    p: [
      { ...BASE, days: 2, ratio: 0.3 },
      { ...BASE, days: 3, ratio: 0.3 },
      { ...BASE, days: 2, ratio: 0.85 },
    ],
    slack: [1, 3],
  },
  {
    family: 'medium',
    seed: 2100,
    p: [
      { ...BASE, days: 5, ratio: 0.85 },
      { ...BASE, days: 3, ratio: 0.9 },
      { ...BASE, days: 4, ratio: 1.35 },
    ],
    slack: [0, 3],
  },
  {
    family: 'large',
    seed: 3100,
    p: [
      { ...BASE, days: 5, maxTeacherBlocks: 2, teacherBlock: [16, 28], ratio: 1.1 },
      { ...BASE, days: 5, teacherBlock: [16, 28], ratio: 0.97 },
    ],
    slack: [2, 6],
  },
  {
    family: 'tight',
    seed: 4100,
    p: [
      { ...BASE, days: 4, ratio: 1.03, studentBlock: [4, 12], studentDays: 2 },
      { ...BASE, days: 5, ratio: 1.06, studentBlock: [4, 12], studentDays: 2 },
      { ...BASE, days: 5, ratio: 1.0, studentBlock: [12, 32], studentDays: 3, teacherBlock: [20, 32] },
    ],
    slack: [0, 1],
  },
  {
    family: 'infeasible',
    seed: 5100,
    p: [
      { ...BASE, days: 3, ratio: 1.2 },
      { ...BASE, days: 4, ratio: 0.8 },
    ],
    slack: [-1, -1],
  },
];

async function build(name, f, params, seed) {
  const r = rng(seed);
  const problem = makeProblem(r, params);
  const inst0 = new Instance(problem);
  const feasible = f.slack[0] >= 0;
  const t0 = performance.now();
  const opt = await milpOptimum(inst0, { timeLimit, idle: feasible });
  const wall = (performance.now() - t0) / 1000;
  if (!opt.placedProven || (feasible && !opt.idleProven)) return { rejected: 'not proven within the time limit' };
  // wiggleRoom: the proven number of unplaced students plus the family's slack (-1: one short).
  const wiggle = inst0.nActive - opt.placed + r.int(f.slack[0], f.slack[1]);
  if (wiggle < 0) return { rejected: 'every student fits: no infeasible instance' };
  problem.wiggleRoom = wiggle;
  const inst = new Instance(problem);
  const status = feasible ? 'OPTIMAL' : 'INFEASIBLE';
  const ref = {
    family: f.family,
    expected_status: status,
    opt_placed: opt.placed,
    placed_proven: true,
    best_idle_min: feasible ? opt.idle * 15 : null,
    idle_proven: feasible,
  };
  const check = checkPlan(problem, makePlan(inst, opt.placement, status), ref, { strict: true, inst });
  if (!check.valid || !check.status_ok || check.placed !== opt.placed || (feasible && check.idle_min !== opt.idle * 15)) {
    throw new Error(`${name}: the checker refuses the reference plan: ${[...check.errors, ...check.status_errors].join('; ')}`);
  }
  const bf = feasible && inst.nActive <= 9 ? bruteForce(inst, 1e9) : undefined;
  if (bf && (bf.placed !== opt.placed || bf.idle !== opt.idle)) {
    throw new Error(`${name}: brute force (${bf.placed} placed, ${bf.idle * 15} idle min) disagrees with the MILP (${opt.placed}, ${opt.idle * 15})`);
  }
  const tg = performance.now();
  const g = greedy(inst);
  const greedyWall = (performance.now() - tg) / 1000;
  const gCheck = checkPlan(problem, makePlan(inst, g, inst.nActive - g.size > wiggle ? 'INFEASIBLE' : 'FEASIBLE'), undefined, { inst });
  return {
    problem,
    ref: {
      ...ref,
      checked_by: bf ? 'milp+brute-force' : 'milp',
      stats: inst.stats(),
      solvers: {
        reference: { wall_s: Math.round(wall * 1000) / 1000, stage1_s: round(opt.stage1_s), stage2_s: round(opt.stage2_s) },
        greedy: { placed: gCheck.placed, idle_min: gCheck.idle_min, wall_s: Math.round(greedyWall * 1000) / 1000 },
      },
    },
    seed,
  };
}

const round = (x) => (x == null ? null : Math.round(x * 1000) / 1000);

mkdirSync(outDir, { recursive: true });
await warmUp();
const refPath = path.join(outDir, 'reference.json');
const manifestPath = path.join(outDir, 'manifest.json');
const readJson = (p) => {
  try {
    return JSON.parse(readFileSync(p, 'utf8'));
  } catch {
    return { instances: {} };
  }
};
const reference = readJson(refPath);
const manifest = readJson(manifestPath);
// Seeds of instances left out with --only come from the committed manifest, so the next ones match.
const committedSeeds = readJson(path.join(here, 'instances', 'manifest.json')).instances;
for (const f of FAMILIES) {
  let seed = f.seed;
  for (let n = 1; n <= f.p.length; n++) {
    const name = `${f.family}-${String(n).padStart(2, '0')}`;
    if (only && !only.test(name)) {
      seed = (committedSeeds[name]?.seed ?? seed) + 1;
      continue;
    }
    for (;;) {
      const res = await build(name, f, f.p[n - 1], seed++);
      if (res.rejected) {
        console.log(`${name}: seed ${seed - 1} skipped (${res.rejected})`);
        continue;
      }
      writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(res.problem)}\n`);
      reference.instances[name] = res.ref;
      manifest.instances[name] = { family: f.family, seed: res.seed, ...res.ref.stats };
      const s = res.ref.stats;
      console.log(
        `${name}: seed ${res.seed}, ${s.n_active} active, wiggle ${s.wiggleRoom}, placed ${res.ref.opt_placed}, idle ${res.ref.best_idle_min ?? '-'} min, ${res.ref.solvers.reference.wall_s} s (${res.ref.checked_by})`,
      );
      break;
    }
  }
}
const sorted = (o) =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
writeFileSync(refPath, `${JSON.stringify({ generator: 'bench/generate.js', instances: sorted(reference.instances) }, null, 1)}\n`);
writeFileSync(manifestPath, `${JSON.stringify({ generator: 'bench/generate.js', instances: sorted(manifest.instances) }, null, 1)}\n`);
