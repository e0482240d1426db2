// Verifies a proposed fix by re-solving the placed-count stage with the change applied: the problem
// reduced to the students the plan placed plus the one to place (pins kept, previous plan and
// preferred times left out, they do not change the count), and the question whether all of them can
// be placed at once. A free window or one moved lesson proves it without HiGHS; otherwise the
// stage-1 model (model.ts) of every group of days that is not yet complete decides, within a limit
// (its LP relaxation and a short local search from the plan first).

import type { Highs } from 'highs';
import { Board, type Span } from './fix-board.js';
import { slotMatchingFits } from './fix-flow.js';
import { mipOptions, runMip, type ModelBuilder } from '../engine/highs.js';
import { buildInstance, idleSlots, WEEK_KEYS, type Core } from '../engine/instance.js';
import { annealBudget, LocalSearch, type SearchResult } from '../engine/heuristic.js';
import { buildMaximize, components, type BuiltModel } from '../engine/model.js';
import { chosenSource, slotLabel } from '../engine/problem-input.js';
import type { PinnedLesson, Placement, Problem, ProblemStudent, TimesByDay } from '../types.js';

/** The change a fix makes to the problem. */
export interface Change {
  /** Quarter hours added to the teacher's times. */
  teacher?: readonly Span[];
  /** Quarter hours added to the student's chosen times. */
  student?: readonly Span[];
  /** The student's new lesson length in minutes. */
  duration?: number;
  /** Another student's lesson pinned at a new place (day, start label, week). */
  pin?: PinnedLesson;
}

export interface MipBudget {
  highs: Highs;
  /** performance.now() by which every check has to end. */
  deadline: number;
  /** Longest single HiGHS run in seconds. */
  maxRunSec: number;
}

/** 'yes' with the idle slots of the plan that proves it (and that plan, core student -> window, when searched); 'no' proven; 'unknown' (no MIP allowed, or time ran out). */
export type Verdict = { answer: 'yes'; idle: number; pos?: Int32Array } | { answer: 'no' } | { answer: 'unknown' };

function addSpans(times: TimesByDay | undefined, spans: readonly Span[]): TimesByDay {
  const out: TimesByDay = {};
  for (const [day, labels] of Object.entries(times ?? {})) out[day] = [...(labels ?? [])];
  for (const s of spans) {
    const labels = (out[String(s.day)] ??= []);
    for (let t = s.a; t < s.b; t++) labels.push(slotLabel(t));
  }
  return out;
}

/** The problem with the change applied, reduced to the placed students and `memberId`. */
export function changedProblem(problem: Problem, placements: readonly Placement[], memberId: string, change: Change): Problem {
  const keep = new Set(placements.map((p) => p.member_id));
  keep.add(memberId);
  const students: ProblemStudent[] = [];
  for (const s of problem.students) {
    if (!keep.has(s.member_id)) continue;
    if (s.member_id !== memberId) {
      students.push(s);
      continue;
    }
    const source = chosenSource(problem, s);
    students.push({
      ...s,
      ...(change.duration !== undefined ? { duration: change.duration } : {}),
      ...(change.student ? { [source]: addSpans(s[source], change.student) } : {}),
    });
  }
  const pins = (problem.pinned ?? []).filter((p) => keep.has(String(p?.member_id)) && p.member_id !== change.pin?.member_id);
  return {
    wiggleRoom: 0,
    teacherTimes: change.teacher ? addSpans(problem.teacherTimes, change.teacher) : problem.teacherTimes,
    students,
    timePreferences: problem.timePreferences ?? {},
    pinned: change.pin ? [...pins, change.pin] : pins,
  };
}

/** Whether the placed students and `memberId` can all be placed under the change. */
export function verify(problem: Problem, placements: readonly Placement[], memberId: string, change: Change, mip: MipBudget | null): Verdict {
  const sub = changedProblem(problem, placements, memberId, change);
  const inst = buildInstance(sub);
  const u = inst.students.findIndex((s) => s.member_id === memberId);
  const core = inst.core;
  const cu = core.student.indexOf(u);
  if (cu < 0) return { answer: 'no' };
  const moved = change.pin;
  const kept = placements.filter((p) => p.member_id !== moved?.member_id);
  const board = new Board(
    inst,
    moved ? [...kept, { member_id: moved.member_id, day: moved.day, start: moved.start, end: '', week: moved.week ?? null }] : kept,
  );
  // The plan's lessons as windows of the changed problem (-1: u, or a lesson the change made impossible).
  const pos = new Int32Array(core.n).fill(-1);
  for (let s = 0; s < core.n; s++) {
    const pin = core.pinnedWin[s]!;
    const key = pin >= 0 ? core.winKey[pin] : board.at[core.student[s]!];
    for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) if (core.winKey[w] === key) pos[s] = w;
  }
  const complete = core.n === inst.students.length;
  const intact = complete && Array.from(pos).every((w, s) => w >= 0 || s === cu);
  const uKeys = Array.from(core.winKey.subarray(core.winStart[cu], core.winStart[cu + 1]));
  const windowsOf = (i: number): number[] => {
    const c = core.student.indexOf(i);
    return c < 0 ? [] : Array.from(core.winKey.subarray(core.winStart[c], core.winStart[c + 1]));
  };
  if (intact) {
    const L = inst.len[u]!;
    const options = [...board.direct(u, L, uKeys), ...board.oneMove(u, L, uKeys, windowsOf, false)];
    if (options.length > 0) return { answer: 'yes', idle: Math.min(...options.map((o) => board.idleWith(u, o.uKey, L, o.move))) };
  }
  // A placed student without any window left cannot be placed.
  if (!complete) return { answer: 'no' };
  if (intact && !slotMatchingFits(core, pos, new Uint8Array(core.winKey.length).fill(1), cu)) return { answer: 'no' };
  if (!mip) return { answer: 'unknown' };
  return searchVerdict(core, pos, mip);
}

/** Upper bound of the maximize model's LP relaxation (Infinity when not solved to optimality). */
function lpBound(highs: Highs, builder: ModelBuilder, limitSec: number): number {
  const { integrality: _, ...data } = builder.build(highs, true);
  const model = highs.createModel(data);
  try {
    model.options.set({ ...mipOptions(limitSec), presolve: 'off' });
    model.run();
    const ok = model.getModelStatus() === highs.constants.modelStatus.optimal;
    return ok ? model.getObjectiveValue() : Infinity;
  } finally {
    model.dispose();
  }
}

/**
 * Search effort of the local search that looks for a plan placing everybody: a short one (about
 * 5-20 ms) before the LP bound, a longer one after it, before the MIP (HiGHS often took seconds to
 * find such a plan that a longer search finds in tens of ms).
 */
export const SEARCH_EFFORT = 0.1;
export const LONG_SEARCH_EFFORT = 0.6;
const SEARCH_SEED = 0xf1c5;

/** A local search from the plan `pos` (deterministic): unplaced 0 proves "yes". */
export function quickSearch(core: Core, pos: Int32Array, effort = SEARCH_EFFORT): SearchResult {
  const search = new LocalSearch(core, SEARCH_SEED);
  search.load(pos);
  return search.anneal(annealBudget(core, effort), 50, 50);
}

/**
 * The stage-1 model per group of days, warm-started from the plan; every student must be placed.
 * Cheap steps first: the LP relaxation of every open group (a bound below the count proves "no";
 * left out with `lp` false, when the caller has bounded it already), then a short and a longer
 * local search from the plan (a plan with everybody proves "yes"; left out when the caller passes
 * its own search result as `found`), then the MIPs.
 */
export function searchVerdict(core: Core, pos: Int32Array, mip: MipBudget, opts: { lp?: boolean; found?: SearchResult } = {}): Verdict {
  const lp = opts.lp ?? true;
  const open: { model: BuiltModel; need: number }[] = [];
  for (const comp of components(core)) {
    if (comp.students.every((s) => pos[s]! >= 0)) continue;
    const limit = Math.min(mip.maxRunSec, (mip.deadline - performance.now()) / 1000);
    if (limit < 0.02) return { answer: 'unknown' };
    const model = buildMaximize(core, comp);
    const need = comp.students.filter((s) => core.pinnedWin[s]! < 0).length;
    if (lp && lpBound(mip.highs, model.builder, limit) < need - 1e-6) return { answer: 'no' };
    open.push({ model, need });
  }
  let found = opts.found ?? quickSearch(core, pos);
  if (!opts.found && found.unplaced > 0 && performance.now() < mip.deadline) found = quickSearch(core, pos, LONG_SEARCH_EFFORT);
  if (found.unplaced === 0) return { answer: 'yes', idle: found.idle, pos: found.pos };
  for (const { model, need } of open) {
    const limit = Math.min(mip.maxRunSec, (mip.deadline - performance.now()) / 1000);
    if (limit < 0.02) return { answer: 'unknown' };
    const res = runMip(mip.highs, model.builder.build(mip.highs, true), { timeLimitSec: limit, start: model.start(found.pos), maximize: true });
    if (res.x && res.objective > need - 0.5) {
      model.read(res.x, pos);
      continue;
    }
    return res.status === 'optimal' ? { answer: 'no' } : { answer: 'unknown' };
  }
  const keys: number[] = [];
  const lens: number[] = [];
  for (let s = 0; s < core.n; s++) {
    const key = core.winKey[pos[s]!]!;
    keys.push(key);
    lens.push(core.len[s]!);
    if (core.both[s]) {
      keys.push(key + WEEK_KEYS);
      lens.push(core.len[s]!);
    }
  }
  return { answer: 'yes', idle: idleSlots(keys, lens, core.weeks), pos };
}
