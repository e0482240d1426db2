// solveProblem: heuristic start plan, then HiGHS stage 1 (maximum placed students, proven), the
// "stable" stage (fewest students moved from a previous plan at that count; only with one), the
// "preferred" stage (most lessons inside preferred times at those values; only when the problem has
// preferred times) and stage 2 (minimum idle minutes at those values), per independent group of
// days (stages.ts). Without a previous plan: placed > preferred > idle.
// Deterministic: fixed seeds and options, everything sorted; only a time limit that actually
// hits can change the outcome.

import type { Highs } from 'highs';
import { at } from './engine/at.js';
import { findFixes } from './fixes/fixes.js';
import { LocalSearch, annealBudget, better, searchFrom } from './engine/heuristic.js';
import { SolveHelper } from './engine/helper.js';
import { loadHighs, mipOptions, runMip } from './engine/highs.js';
import { buildInstance, idleSlots, lessonKeys, WEEK_KEYS, type Core, type Instance } from './engine/instance.js';
import { buildMaximize, components } from './engine/model.js';
import { SLOT_MINUTES, SLOTS_PER_DAY, slotLabel } from './engine/problem-input.js';
import { buildReasons } from './engine/reasons.js';
import { laterStages, readPriority } from './engine/priority-stages.js';
import { countPlaced, trivialProofs, type CompState, type MipRunner, type StageContext, type StageOrder } from './engine/stages.js';
import type { Placement, Plan, PlanStatus, ProgressStage, Problem, SolveOptions, StageTimings } from './types.js';

export const DEFAULT_TIME_LIMIT_SEC = 8;
/** Budget for the fixes of the unplaced students, after the plan (issue 27: 2 s for a class of 99). */
const DEFAULT_FIXES_TIME_LIMIT_SEC = 2;
/** Seeds of the two local-search starts (the second may run in the helper thread). */
const SEEDS = [0x5eed, 0xc0ffee] as const;
/** Seed of the helper's bound-proving MIP runs. */
const HELPER_MIP_SEED = 1;
/** Below this many students a helper thread costs more than it saves. */
const HELPER_MIN_STUDENTS = 20;
/** The second local-search start moves to the helper from this many iterations on. */
const HELPER_MIN_BUDGET = 40_000;

/** Builds the output plan for a placement (core student -> window or -1). */
function makePlan(inst: Instance, pos: Int32Array, states: CompState[], timings: StageTimings, order: StageOrder): Plan {
  const core = inst.core;
  const lessonAt = new Int32Array(core.weeks * WEEK_KEYS).fill(-1);
  const placedSet = new Set<number>();
  const rows: { key: number; placement: Placement }[] = [];
  const keys: number[] = [];
  const lens: number[] = [];
  for (let s = 0; s < core.n; s++) {
    const w = pos[s]!;
    if (w < 0) continue;
    const i = core.student[s]!;
    const L = core.len[s]!;
    for (const key of lessonKeys(core, s, w)) {
      for (let k = key; k < key + L; k++) lessonAt[k] = i;
      keys.push(key);
      lens.push(L);
    }
    placedSet.add(i);
    // A biweekly lesson names its week; in week B its key lies past week A's.
    const week = inst.biweekly[i] ? (core.winKey[w]! >= WEEK_KEYS ? 'B' : 'A') : null;
    const key = core.winKey[w]! % WEEK_KEYS;
    const day = (key / SLOTS_PER_DAY) | 0;
    const t = key - day * SLOTS_PER_DAY;
    rows.push({
      key: key * 2 + (week === 'B' ? 1 : 0),
      placement: { member_id: at(inst.students, i).member_id, day, start: slotLabel(t), end: slotLabel(t + L), week },
    });
  }
  rows.sort((a, b) => a.key - b.key);
  const unscheduled = inst.active.filter((i) => !placedSet.has(i));
  const placed = rows.length;
  const unplacedActive = inst.active.length - placed;
  // Each stage is proven only when the stages before it are (placed > moved > preferred > idle; the
  // order 'compact' swaps the last two, 'weighted' proves them together).
  const placedProven = states.every((c) => c.placedProven);
  const movedProven = placedProven && states.every((c) => c.movedProven);
  const allPreferred = states.every((c) => c.preferredProven);
  const allIdle = states.every((c) => c.idleProven);
  const preferredProven = movedProven && allPreferred && (order !== 'compact' || allIdle);
  const idleProven = movedProven && allIdle && (order === 'compact' || allPreferred);
  let status: PlanStatus;
  if (unplacedActive > inst.wiggle) status = 'INFEASIBLE';
  else status = idleProven && preferredProven ? 'OPTIMAL' : 'FEASIBLE';
  const preferredStudents: string[] = [];
  const kept = new Set<number>();
  for (let s = 0; s < core.n; s++) {
    if (pos[s]! < 0) continue;
    if (core.winPrev[pos[s]!]) kept.add(core.student[s]!);
    if (core.winPref[pos[s]!]) preferredStudents.push(at(inst.students, core.student[s]!).member_id);
  }
  const movedStudents = [...inst.previous.keys()].filter((i) => !kept.has(i)).map((i) => at(inst.students, i).member_id);
  return {
    status,
    placements: rows.map((r) => r.placement),
    unscheduled_students: unscheduled.map((i) => at(inst.students, i).member_id),
    skipped_students: inst.skipped.map((i) => at(inst.students, i).member_id),
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

/** One solve's clock: its start and deadline, the stage timings and the progress reports. */
interface SolveRun {
  t0: number;
  deadline: number;
  timings: StageTimings;
  log?: (line: string) => void;
  remainingSec(): number;
  progress(stage: ProgressStage, plan: Plan, withPlan: boolean): void;
}

async function solveWith(problem: Problem, options: SolveOptions, makeHelper: (core: Core) => SolveHelper | null): Promise<Plan> {
  const run = startRun(options);
  const useMip = options.useMip !== false;
  const highs = new HighsLoader(useMip, options.log);
  const inst = buildInstance(problem);
  const core = inst.core;
  const priority = readPriority(problem.priority);
  const order = priority.order;
  const helper = makeHelper(core);
  const states: CompState[] = components(core).map((comp) => ({ comp, placedProven: false, movedProven: false, preferredProven: false, idleProven: false }));
  run.timings.prepareMs = performance.now() - run.t0;

  const effort = options.heuristicEffort ?? 1;
  const { pos, search } = await heuristicStart(run, problem, core, states, helper, highs, effort, order);
  run.timings.totalMs = performance.now() - run.t0;
  run.progress('first-plan', makePlan(inst, pos, states, run.timings, order), true);

  const loaded = states.some((st) => !(st.idleProven && st.preferredProven)) ? await highs.loaded() : null;
  const ctx: StageContext | null = loaded
    ? {
        core,
        pos,
        mip: mipRunner(loaded, helper),
        remainingSec: run.remainingSec,
        compactTimeLimitSec: options.compactTimeLimitSec,
        log: run.log,
        ...(order === 'preferred' ? {} : { priority }),
      }
    : null;
  let t = performance.now();
  if (ctx && maximizeStage(ctx, states, options.maximizeTimeLimitSec)) compactImproved(search, pos, effort);
  for (const st of states) trivialProofs(core, st, pos, order);
  run.timings.maximizeMs = performance.now() - t;
  let plan = makePlan(inst, pos, states, { ...run.timings, totalMs: performance.now() - run.t0 }, order);
  if (states.every((s) => s.placedProven)) run.progress('maximum-proven', plan, false);

  const compacting = plan;
  laterStages(plan.status !== 'INFEASIBLE' || options.compactInfeasible ? ctx : null, states, priority, run.timings, () =>
    run.progress('compacting', compacting, false),
  );
  run.timings.totalMs = performance.now() - run.t0;
  plan = makePlan(inst, pos, states, run.timings, order);
  if (options.fixes) {
    t = performance.now();
    const fixesDeadline = Math.min(run.deadline, t + (options.fixesTimeLimitSec ?? DEFAULT_FIXES_TIME_LIMIT_SEC) * 1000);
    const found = await findFixes(inst, plan.placements, { deadline: fixesDeadline, useMip, log: run.log });
    plan.fixes = found.fixes;
    plan.fixes_incomplete = found.incomplete;
    plan.stats.stages.fixesMs = performance.now() - t;
    plan.stats.stages.totalMs = performance.now() - run.t0;
  }
  run.progress('done', plan, true);
  return plan;
}

function startRun(options: SolveOptions): SolveRun {
  const t0 = performance.now();
  const deadline = t0 + (options.timeLimitSec ?? DEFAULT_TIME_LIMIT_SEC) * 1000;
  const onProgress = options.onProgress;
  return {
    t0,
    deadline,
    timings: { prepareMs: 0, heuristicMs: 0, maximizeMs: 0, stabilizeMs: 0, preferMs: 0, compactMs: 0, totalMs: 0 },
    log: options.log,
    remainingSec: () => Math.max(0, (deadline - performance.now()) / 1000),
    progress(stage, plan, withPlan) {
      if (!onProgress) return;
      const { placed, idleMinutes } = plan.stats;
      onProgress({ stage, placed, idleMinutes, elapsedMs: performance.now() - t0, ...(withPlan ? { plan } : {}) });
    },
  };
}

/** The HiGHS module, loaded at most once and in the background; null without MIP or when it does not load. */
class HighsLoader {
  private promise: Promise<Highs | null> | null = null;

  constructor(
    private readonly useMip: boolean,
    private readonly log?: (line: string) => void,
  ) {}

  start(): void {
    if (!this.useMip || this.promise) return;
    this.promise = loadHighs().catch((err: unknown) => {
      this.log?.(`HiGHS unavailable, heuristic plan only: ${String(err)}`);
      return null;
    });
  }

  loaded(): Promise<Highs | null> | null {
    return this.promise;
  }
}

/**
 * Heuristic start plan: the better of two deterministic local-search starts (the second one in the
 * helper thread when there is one), with the proofs that need no MIP. HiGHS starts loading meanwhile.
 */
async function heuristicStart(
  run: SolveRun,
  problem: Problem,
  core: Core,
  states: CompState[],
  helper: SolveHelper | null,
  highs: HighsLoader,
  effort: number,
  order: StageOrder,
): Promise<{ pos: Int32Array; search: LocalSearch }> {
  const t = performance.now();
  // The second start is shorter: in the helper it then ends about when the first one does.
  const effort2 = effort * 0.7;
  const second = helper && annealBudget(core, effort) >= HELPER_MIN_BUDGET ? helper.search(problem, SEEDS[1], effort2) : null;
  // Without a helper thread the WASM module compiles in the background during the local
  // search; with one, both cores are busy searching, so it compiles after the first start.
  if (!second) highs.start();
  const first = searchFrom(core, SEEDS[0], effort);
  highs.start();
  let best = first;
  const tFirst = performance.now() - t;
  const otherPos = second ? await second : null;
  if (second) run.log?.(`local search: first start ${tFirst.toFixed(0)} ms, second (helper) ${(performance.now() - t).toFixed(0)} ms`);
  const other = otherPos ?? searchFrom(core, SEEDS[1], effort2).pos;
  const search = new LocalSearch(core, SEEDS[0]);
  search.load(other);
  const secondResult = { pos: other, unplaced: search.unplaced, idle: search.idle, iterations: 0 };
  if (better(secondResult, best)) best = secondResult;
  search.load(best.pos);
  const pos = Int32Array.from(best.pos);
  for (const st of states) trivialProofs(core, st, pos, order);
  run.timings.heuristicMs = performance.now() - t;
  run.log?.(
    `heuristic: placed ${core.n - best.unplaced}/${core.n}, idle ${best.idle * SLOT_MINUTES} min (starts: ${first.unplaced}/${first.idle}, ${secondResult.unplaced}/${secondResult.idle}), ${run.timings.heuristicMs.toFixed(0)} ms`,
  );
  return { pos, search };
}

/** Runs one MIP with HiGHS, racing the helper's bound proof when there is a helper. */
function mipRunner(highs: Highs, helper: SolveHelper | null): MipRunner {
  return (data, maximize, start, limit, extra) => {
    const model = data.build(highs, maximize);
    const race = helper ? helper.prove(model, start, mipOptions(limit, { ...extra, random_seed: HELPER_MIP_SEED }), maximize) : null;
    return runMip(highs, model, { timeLimitSec: limit, start, race, maximize, options: extra });
  };
}

/** Stage 1: the maximum number of placed students per group of days. True when the placement improved. */
function maximizeStage(ctx: StageContext, states: CompState[], maximizeTimeLimitSec: number | undefined): boolean {
  const { core, pos, log } = ctx;
  let improved = false;
  for (const st of states) {
    if (st.placedProven) continue;
    const limit = Math.min(maximizeTimeLimitSec ?? Infinity, ctx.remainingSec());
    if (limit < 0.02) break;
    const model = buildMaximize(core, st.comp);
    const before = countPlaced(st.comp, pos);
    const res = ctx.mip(model.builder, true, model.start(pos), limit);
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
  return improved;
}

/** Compacts a placement that stage 1 improved, before stage 2 (never lowers the count). */
function compactImproved(search: LocalSearch, pos: Int32Array, effort: number): void {
  search.load(pos);
  search.anneal(annealBudget(search.core, effort));
  pos.set(search.pos);
}
