// The stages after "most placed", per independent group of days (component), in lexicographic
// order: "stable" (fewest students moved from a previous plan; only with one), "preferred" (most
// lessons inside preferred times; only when the problem has preferred times) and stage 2 (least
// idle time). Each stage keeps the values of the stages before it in rows and only counts as proven
// when they are proven too. Without a previous plan the order is placed > preferred > idle as before.
// The problem's priority may swap the last two or merge them (priority-stages.ts).
// All of them run with HiGHS presolve off like stage 1: in this order the "stable" and "preferred"
// models are solved at the root, and presolve made them slower (bench/README.md).

import type { MipResult, ModelBuilder } from './highs.js';
import { idleSlots, lessonKeys, type Core } from './instance.js';
import { buildCompact, buildMaximize, type Component } from './model.js';
import type { Priority } from '../types.js';

/** Order of the last two goals (types.ts Priority). */
export type StageOrder = Priority['order'];

export interface CompState {
  comp: Component;
  placedProven: boolean;
  movedProven: boolean;
  preferredProven: boolean;
  idleProven: boolean;
}

/** Runs one MIP (with the helper's bound race when there is one). */
export type MipRunner = (
  data: ModelBuilder,
  maximize: boolean,
  start: Float64Array,
  limit: number,
  extra?: Record<string, string | number | boolean>,
) => MipResult;

export interface StageContext {
  core: Core;
  /** The current placement (core student -> window or -1); stages replace it when they improve. */
  pos: Int32Array;
  mip: MipRunner;
  remainingSec: () => number;
  compactTimeLimitSec?: number;
  log?: (line: string) => void;
  /** Absent: { order: 'preferred' }. */
  priority?: Priority;
}

/**
 * Stage 2 of a two-week plan runs with HiGHS presolve: its LP bound is weak (every biweekly student
 * can split between weeks A and B), and presolve cut the proof on bench/biweekly's small-03-bw from
 * about 7.1 to 5.5 CPU seconds (bench/README.md). One-week plans stay without it.
 */
export const TWO_WEEK_COMPACT_OPTIONS = { presolve: 'on' } as const;

export function countPlaced(comp: Component, pos: Int32Array): number {
  let n = 0;
  for (const s of comp.students) if (pos[s]! >= 0) n++;
  return n;
}

/** Lessons of the component inside preferred times. */
export function countPreferred(core: Core, comp: Component, pos: Int32Array): number {
  let n = 0;
  for (const s of comp.students) if (pos[s]! >= 0 && core.winPref[pos[s]!]) n++;
  return n;
}

/** Students of the component at their previous lesson (pinned ones included unless `unpinned`). */
export function countKept(core: Core, comp: Component, pos: Int32Array, unpinned = false): number {
  let n = 0;
  for (const s of comp.students) if (pos[s]! >= 0 && core.winPrev[pos[s]!] && !(unpinned && core.pinnedWin[s]! >= 0)) n++;
  return n;
}

/** Student s can keep its previous lesson: one of its windows is that lesson. */
function keepable(core: Core, s: number): boolean {
  for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) if (core.winPrev[w]) return true;
  return false;
}

export function compIdle(core: Core, comp: Component, pos: Int32Array): number {
  const keys: number[] = [];
  const lens: number[] = [];
  for (const s of comp.students)
    if (pos[s]! >= 0)
      for (const key of lessonKeys(core, s, pos[s]!)) {
        keys.push(key);
        lens.push(core.len[s]!);
      }
  return idleSlots(keys, lens, core.weeks);
}

/** The preferred count is trivially maximal: no preferred window, or every lesson already in one. */
function preferredTrivial(core: Core, comp: Component, pos: Int32Array): boolean {
  if (countPreferred(core, comp, pos) === countPlaced(comp, pos)) return true;
  for (const s of comp.students) for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) if (core.winPref[w]) return false;
  return true;
}

/** The moved count is trivially minimal: every student that can keep its previous lesson keeps it (also: no previous plan). */
function movedTrivial(core: Core, comp: Component, pos: Int32Array): boolean {
  for (const s of comp.students) if (!(pos[s]! >= 0 && core.winPrev[pos[s]!]) && keepable(core, s)) return false;
  return true;
}

/** Some student of the component can keep its previous lesson. */
export function hasKeepable(core: Core, comp: Component): boolean {
  return comp.students.some((s) => keepable(core, s));
}

/**
 * Proofs without a MIP, in stage order (each only when the stages before it are proven): everybody
 * placed; nobody moved who could stay; every lesson preferred (or none can be); no idle time. With
 * the order 'compact' idle time comes before preferred; 'weighted' needs both at once.
 */
export function trivialProofs(core: Core, st: CompState, pos: Int32Array, order: StageOrder = 'preferred'): void {
  if (countPlaced(st.comp, pos) === st.comp.students.length) st.placedProven = true;
  if (st.placedProven && movedTrivial(core, st.comp, pos)) st.movedProven = true;
  if (order === 'preferred') {
    if (st.movedProven && preferredTrivial(core, st.comp, pos)) st.preferredProven = true;
    if (st.preferredProven && compIdle(core, st.comp, pos) === 0) st.idleProven = true;
  } else if (order === 'compact') {
    if (st.movedProven && compIdle(core, st.comp, pos) === 0) st.idleProven = true;
    if (st.idleProven && preferredTrivial(core, st.comp, pos)) st.preferredProven = true;
  } else if (st.movedProven && preferredTrivial(core, st.comp, pos) && compIdle(core, st.comp, pos) === 0) {
    st.preferredProven = true;
    st.idleProven = true;
  }
}

export const daysOf = (st: CompState): string => st.comp.days.join(',');

/**
 * The two stages on the stage-1 model, at the maximum count: "stable" (objective: students kept at
 * their previous lesson) and then "preferred" (objective: lessons inside preferred times, with the
 * kept lessons fixed in a row).
 */
function maximizeStage(ctx: StageContext, states: CompState[], objective: 'kept' | 'preferred'): void {
  const { core, pos } = ctx;
  const stable = objective === 'kept';
  const value = (comp: Component, p: Int32Array): number => (stable ? countKept(core, comp, p) : countPreferred(core, comp, p));
  const proven = (st: CompState): void => {
    if (stable) st.movedProven = true;
    else st.preferredProven = true;
  };
  for (const st of states) {
    if (stable ? st.movedProven || !st.placedProven : st.preferredProven || !st.movedProven) continue;
    const limit = ctx.remainingSec();
    if (limit < 0.02) break;
    const count = countPlaced(st.comp, pos);
    const pinned = st.comp.students.filter((s) => core.pinnedWin[s]! >= 0).length;
    // Only pins placed: nothing to choose.
    if (pinned === count) {
      proven(st);
      trivialProofs(core, st, pos, ctx.priority?.order);
      continue;
    }
    const kept = countKept(core, st.comp, pos);
    const before = value(st.comp, pos);
    const keptRow = !stable && hasKeepable(core, st.comp) ? { kept: countKept(core, st.comp, pos, true) } : {};
    const model = buildMaximize(core, st.comp, { count: count - pinned, objective, ...keptRow });
    const res = ctx.mip(model.builder, true, model.start(pos), limit);
    const trial = Int32Array.from(pos);
    if (res.x) model.read(res.x, trial);
    const after = res.x ? value(st.comp, trial) : -1;
    ctx.log?.(
      `stage ${stable ? 'stable' : 'preferred'} [days ${daysOf(st)}]: ${res.status} ${objective} ${res.x ? after : '-'} (bound ${res.bound}, start ${before}) in ${res.ms.toFixed(0)} ms, ${res.nodes} nodes`,
    );
    const same = countPlaced(st.comp, trial) === count && (stable || countKept(core, st.comp, trial) === kept);
    if (res.x && same && after > before) {
      pos.set(trial);
      if (stable) st.preferredProven = false;
      st.idleProven = false;
    }
    if (res.status === 'optimal') proven(st);
    trivialProofs(core, st, pos, ctx.priority?.order);
  }
}

/** Stage "stable": most students kept at their previous lesson, at the maximum count. */
export function stableStage(ctx: StageContext, states: CompState[]): void {
  maximizeStage(ctx, states, 'kept');
}

/** Stage "preferred": most lessons inside preferred times, at the count and the kept lessons. */
export function preferredStage(ctx: StageContext, states: CompState[]): void {
  maximizeStage(ctx, states, 'preferred');
}

/**
 * Stage 2: least idle time at the count, the kept lessons and the preferred count (order 'compact':
 * at the count and the kept lessons only; the preferred count follows in preferredAfterCompactStage).
 */
export function compactStage(ctx: StageContext, states: CompState[]): void {
  const { core, pos } = ctx;
  const order = ctx.priority?.order ?? 'preferred';
  const compactFirst = order === 'compact';
  for (const st of states) {
    if (st.idleProven) continue;
    const limit = Math.min(ctx.compactTimeLimitSec ?? Infinity, ctx.remainingSec());
    if (limit < 0.02) break;
    const count = countPlaced(st.comp, pos);
    const kept = countKept(core, st.comp, pos);
    const preferred = countPreferred(core, st.comp, pos);
    const before = compIdle(core, st.comp, pos);
    const model = buildCompact(core, st.comp, count, {
      ...(compactFirst || (preferredTrivial(core, st.comp, pos) && preferred === 0) ? {} : { preferred }),
      ...(hasKeepable(core, st.comp) ? { kept } : {}),
    });
    const res = ctx.mip(model.builder, false, model.start(pos), limit, core.weeks === 2 ? TWO_WEEK_COMPACT_OPTIONS : undefined);
    ctx.log?.(
      `stage 2 [days ${daysOf(st)}]: ${res.status}${res.provenByHelper ? ' (helper bound)' : ''} idle ${res.objective} (bound ${res.bound}, start ${before}) in ${res.ms.toFixed(0)} ms, ${res.nodes} nodes`,
    );
    if (res.x) {
      const trial = Int32Array.from(pos);
      model.read(res.x, trial);
      const same =
        countPlaced(st.comp, trial) === count &&
        countKept(core, st.comp, trial) === kept &&
        (compactFirst || countPreferred(core, st.comp, trial) === preferred);
      if (same && compIdle(core, st.comp, trial) < before) {
        pos.set(trial);
        if (compactFirst) st.preferredProven = false;
      }
    }
    if (res.status === 'optimal' && (compactFirst ? st.movedProven : st.preferredProven)) st.idleProven = true;
    trivialProofs(core, st, pos, order);
  }
}
