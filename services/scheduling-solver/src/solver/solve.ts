// solveProblem: heuristic start plan, then HiGHS stage 1 (maximum placed students, proven), the
// "stable" stage (fewest students moved from a previous plan at that count; only with one), the
// "preferred" stage (most lessons inside preferred times at those values; only when the problem has
// preferred times) and stage 2 (minimum idle minutes at those values), per independent group of
// days (stages.ts). Without a previous plan: placed > preferred > idle.
// Deterministic: fixed seeds and options, everything sorted; only a time limit that actually
// hits can change the outcome.

import type { Highs } from 'highs';
import { findFixes } from './fixes.js';
import { LocalSearch, annealBudget, better, searchFrom } from './heuristic.js';
import { SolveHelper } from './helper.js';
import { loadHighs, mipOptions, runMip } from './highs.js';
import { buildInstance, idleSlots, lessonKeys, WEEK_KEYS, type Core, type Instance } from './instance.js';
import { buildMaximize, components } from './model.js';
import { SLOT_MINUTES, SLOTS_PER_DAY, slotLabel } from './problem-input.js';
import { buildReasons } from './reasons.js';
import { compactStage, countPlaced, preferredStage, stableStage, trivialProofs, type CompState, type StageContext } from './stages.js';
import type { Placement, Plan, PlanStatus, Problem, SolveOptions, StageTimings } from './types.js';

export const DEFAULT_TIME_LIMIT_SEC = 8;
/** Budget for the fixes of the unplaced students, after the plan (issue 27: 2 s for a class of 99). */
export const DEFAULT_FIXES_TIME_LIMIT_SEC = 2;
/** Seeds of the two local-search starts (the second may run in the helper thread). */
const SEEDS = [0x5eed, 0xc0ffee] as const;
/** Seed of the helper's bound-proving MIP runs. */
const HELPER_MIP_SEED = 1;
/** Below this many students a helper thread costs more than it saves. */
const HELPER_MIN_STUDENTS = 20;
/** The second local-search start moves to the helper from this many iterations on. */
const HELPER_MIN_BUDGET = 40_000;

/** Builds the output plan for a placement (core student -> window or -1). */
function makePlan(inst: Instance, pos: Int32Array, states: CompState[], timings: StageTimings): Plan {
  const core = inst.core;
  const lessonAt = new Int32Array(core.weeks * WEEK_KEYS).fill(-1);
  const placedSet = new Set<number>();
  const rows: { key: number; placement: Placement }[] = [];
  const keys: number[] = [];
  const lens: number[] = [];
  for (let s = 0; s < core.n; s++) {
    const w = pos[s];
    if (w < 0) continue;
    const i = core.student[s];
    const L = core.len[s];
    for (const key of lessonKeys(core, s, w)) {
      for (let k = key; k < key + L; k++) lessonAt[k] = i;
      keys.push(key);
      lens.push(L);
    }
    placedSet.add(i);
    // A biweekly lesson names its week; in week B its key lies past week A's.
    const week = inst.biweekly[i] ? (core.winKey[w] >= WEEK_KEYS ? 'B' : 'A') : null;
    const key = core.winKey[w] % WEEK_KEYS;
    const day = (key / SLOTS_PER_DAY) | 0;
    const t = key - day * SLOTS_PER_DAY;
    rows.push({
      key: key * 2 + (week === 'B' ? 1 : 0),
      placement: { member_id: inst.students[i].member_id, day, start: slotLabel(t), end: slotLabel(t + L), week },
    });
  }
  rows.sort((a, b) => a.key - b.key);
  const unscheduled = inst.active.filter((i) => !placedSet.has(i));
  const placed = rows.length;
  const unplacedActive = inst.active.length - placed;
  // Each stage is proven only when the stages before it are (placed > moved > preferred > idle).
  const placedProven = states.every((c) => c.placedProven);
  const movedProven = placedProven && states.every((c) => c.movedProven);
  const preferredProven = movedProven && states.every((c) => c.preferredProven);
  const idleProven = preferredProven && states.every((c) => c.idleProven);
  let status: PlanStatus;
  if (unplacedActive > inst.wiggle) status = 'INFEASIBLE';
  else status = idleProven ? 'OPTIMAL' : 'FEASIBLE';
  const preferredStudents: string[] = [];
  const kept = new Set<number>();
  for (let s = 0; s < core.n; s++) {
    if (pos[s] < 0) continue;
    if (core.winPrev[pos[s]]) kept.add(core.student[s]);
    if (core.winPref[pos[s]]) preferredStudents.push(inst.students[core.student[s]].member_id);
  }
  const movedStudents = [...inst.previous.keys()].filter((i) => !kept.has(i)).map((i) => inst.students[i].member_id);
  return {
    status,
    placements: rows.map((r) => r.placement),
    unscheduled_students: unscheduled.map((i) => inst.students[i].member_id),
    skipped_students: inst.skipped.map((i) => inst.students[i].member_id),
    stats: {
      placed,
      idleMinutes: idleSlots(keys, lens, core.weeks) * SLOT_MINUTES,
      placedProven,
      idleProven,
      preferredPlaced: preferredStudents.length,
      preferredProven,
      moved: movedStudents.length,
      movedProven,
      stages: { ...timings },
    },
    reasons: buildReasons(inst, unscheduled, lessonAt),
    preferred_students: preferredStudents.sort(),
    moved_students: movedStudents.sort(),
  };
}

/**
 * Solves one problem. Resolves with a plan in every case except malformed input
 * (ProblemInputError); when a time limit hits, the best plan found so far is returned with the
 * proofs it has (status FEASIBLE, or INFEASIBLE when too many students stay unplaced).
 */
export async function solveProblem(problem: Problem, options: SolveOptions = {}): Promise<Plan> {
  let helper: SolveHelper | null = null;
  // The helper thread pays off only when there is real work to share.
  const wantHelper = (core: Core): SolveHelper | null => {
    if (!options.parallel || core.n < HELPER_MIN_STUDENTS) return null;
    helper = tryHelper(options.log);
    return helper;
  };
  try {
    return await solveWith(problem, options, wantHelper);
  } finally {
    void (helper as SolveHelper | null)?.close();
  }
}

function tryHelper(log?: (line: string) => void): SolveHelper | null {
  try {
    return new SolveHelper();
  } catch (err) {
    log?.(`no helper thread: ${String(err)}`);
    return null;
  }
}

async function solveWith(problem: Problem, options: SolveOptions, makeHelper: (core: Core) => SolveHelper | null): Promise<Plan> {
  const t0 = performance.now();
  const log = options.log;
  const useMip = options.useMip !== false;
  let highsPromise: Promise<Highs | null> | null = null;
  const startLoadingHighs = (): void => {
    if (!useMip || highsPromise) return;
    highsPromise = loadHighs().catch((err: unknown) => {
      log?.(`HiGHS unavailable, heuristic plan only: ${String(err)}`);
      return null;
    });
  };
  const timeLimit = options.timeLimitSec ?? DEFAULT_TIME_LIMIT_SEC;
  const deadline = t0 + timeLimit * 1000;
  const remainingSec = (): number => Math.max(0, (deadline - performance.now()) / 1000);
  const timings: StageTimings = { prepareMs: 0, heuristicMs: 0, maximizeMs: 0, stabilizeMs: 0, preferMs: 0, compactMs: 0, totalMs: 0 };
  const progress = (stage: 'first-plan' | 'maximum-proven' | 'compacting' | 'done', plan: Plan, withPlan: boolean): void => {
    if (!options.onProgress) return;
    options.onProgress({
      stage,
      placed: plan.stats.placed,
      idleMinutes: plan.stats.idleMinutes,
      elapsedMs: performance.now() - t0,
      ...(withPlan ? { plan } : {}),
    });
  };

  const inst = buildInstance(problem);
  const core = inst.core;
  const helper = makeHelper(core);
  const comps = components(core);
  const states: CompState[] = comps.map((comp) => ({ comp, placedProven: false, movedProven: false, preferredProven: false, idleProven: false }));
  let t = performance.now();
  timings.prepareMs = t - t0;

  // Heuristic start plan: the better of two deterministic local-search starts (the second one
  // in the helper thread when there is one).
  const effort = options.heuristicEffort ?? 1;
  // The second start is shorter: in the helper it then ends about when the first one does.
  const effort2 = effort * 0.7;
  const second = helper && annealBudget(core, effort) >= HELPER_MIN_BUDGET ? helper.search(problem, SEEDS[1], effort2) : null;
  // Without a helper thread the WASM module compiles in the background during the local
  // search; with one, both cores are busy searching, so it compiles after the first start.
  if (!second) startLoadingHighs();
  const first = searchFrom(core, SEEDS[0], effort);
  startLoadingHighs();
  let best = first;
  const tFirst = performance.now() - t;
  const otherPos = second ? await second : null;
  if (second) log?.(`local search: first start ${tFirst.toFixed(0)} ms, second (helper) ${(performance.now() - t).toFixed(0)} ms`);
  const other = otherPos ?? searchFrom(core, SEEDS[1], effort2).pos;
  const search = new LocalSearch(core, SEEDS[0]);
  search.load(other);
  const secondResult = { pos: other, unplaced: search.unplaced, idle: search.idle, iterations: 0 };
  if (better(secondResult, best)) best = secondResult;
  search.load(best.pos);
  const pos = Int32Array.from(best.pos);
  for (const st of states) trivialProofs(core, st, pos);
  timings.heuristicMs = performance.now() - t;
  log?.(
    `heuristic: placed ${core.n - best.unplaced}/${core.n}, idle ${best.idle * SLOT_MINUTES} min (starts: ${first.unplaced}/${first.idle}, ${secondResult.unplaced}/${secondResult.idle}), ${timings.heuristicMs.toFixed(0)} ms`,
  );
  timings.totalMs = performance.now() - t0;
  progress('first-plan', makePlan(inst, pos, states, timings), true);

  const needMip = states.some((st) => !st.idleProven);
  const highs = highsPromise && needMip ? await highsPromise : null;
  const mip = (
    data: ReturnType<typeof buildMaximize>['builder'],
    maximize: boolean,
    start: Float64Array,
    limit: number,
    extra?: Record<string, string | number | boolean>,
  ) => {
    const model = data.build(highs!, maximize);
    const race = helper ? helper.prove(model, start, mipOptions(limit, { ...extra, random_seed: HELPER_MIP_SEED }), maximize) : null;
    return runMip(highs!, model, { timeLimitSec: limit, start, race, maximize, options: extra });
  };

  // Stage 1: maximum number of placed students.
  t = performance.now();
  let improved = false;
  if (highs) {
    for (const st of states) {
      if (st.placedProven) continue;
      const limit = Math.min(options.maximizeTimeLimitSec ?? Infinity, remainingSec());
      if (limit < 0.02) break;
      const model = buildMaximize(core, st.comp);
      const before = countPlaced(st.comp, pos);
      const res = mip(model.builder, true, model.start(pos), limit);
      log?.(
        `stage 1 [days ${st.comp.days.join(',')}]: ${res.status}${res.provenByHelper ? ' (helper bound)' : ''} ${res.objective} (bound ${res.bound}, heuristic ${before}) in ${res.ms.toFixed(0)} ms, ${res.nodes} nodes`,
      );
      if (res.x) {
        const trial = Int32Array.from(pos);
        model.read(res.x, trial);
        if (countPlaced(st.comp, trial) > before) {
          pos.set(trial);
          improved = true;
        }
      }
      if (res.status === 'optimal') st.placedProven = true;
    }
  }
  if (improved) {
    // Compact the new placement before stage 2 (never lowers the count).
    search.load(pos);
    search.anneal(annealBudget(core, effort));
    pos.set(search.pos);
  }
  for (const st of states) trivialProofs(core, st, pos);
  timings.maximizeMs = performance.now() - t;
  let plan = makePlan(inst, pos, states, { ...timings, totalMs: performance.now() - t0 });
  if (states.every((s) => s.placedProven)) progress('maximum-proven', plan, false);

  const laterStages = highs && (plan.status !== 'INFEASIBLE' || options.compactInfeasible);
  const ctx: StageContext = { core, pos, mip, remainingSec, compactTimeLimitSec: options.compactTimeLimitSec, log };
  // Stage "stable": fewest students moved from the previous plan at that count.
  t = performance.now();
  if (laterStages) stableStage(ctx, states);
  timings.stabilizeMs = performance.now() - t;
  // Stage "preferred": most lessons inside preferred times at those values.
  t = performance.now();
  if (laterStages) preferredStage(ctx, states);
  timings.preferMs = performance.now() - t;
  // Stage 2: minimum idle time at those values.
  t = performance.now();
  if (laterStages) {
    progress('compacting', plan, false);
    compactStage(ctx, states);
  }
  timings.compactMs = performance.now() - t;
  timings.totalMs = performance.now() - t0;
  plan = makePlan(inst, pos, states, timings);
  if (options.fixes) {
    t = performance.now();
    const fixesDeadline = Math.min(deadline, t + (options.fixesTimeLimitSec ?? DEFAULT_FIXES_TIME_LIMIT_SEC) * 1000);
    const found = await findFixes(inst, plan.placements, { deadline: fixesDeadline, useMip, log });
    plan.fixes = found.fixes;
    plan.fixes_incomplete = found.incomplete;
    plan.stats.stages.fixesMs = performance.now() - t;
    plan.stats.stages.totalMs = performance.now() - t0;
  }
  progress('done', plan, true);
  return plan;
}
