// The two MIP models, per independent group of days (component).
//
// Stage 1 (maximize placed): binary x[w] per candidate window, one row per student
// (sum <= 1) and one "at most one lesson covers this slot" row per maximal clique of the day's
// interval graph (the slot rows that are not dominated by a neighbour) - the tight formulation.
//
// Stage 2 (minimize idle slots at the maximum count): each teaching day is a path through the
// day's slot boundaries lo..hi: source -> boundary t (first lesson starts), lesson arcs
// t -> t + len (one per window), idle arcs t -> t + 1 (cost 1) and boundary t -> sink (last lesson
// ends); an unused day carries no flow. Flow conservation per boundary, a student row
// (sum <= 1) and the count row sum(x) = K. Per day this is the exact convex hull of the
// schedules of that day (a shortest-path polytope), so the LP only loses through students shared
// between days. All arcs are binary: HiGHS' probing and cuts then close that gap at the root
// where continuous arcs made it branch for seconds (see bench/README.md for the comparison).
//
// The "stable" stage is stage 1 with the count fixed and weight 1 on each student's previous lesson
// (most kept); "preferred" is stage 1 with count and kept lessons fixed and weight 1 on windows
// inside preferred times; stage 2 then keeps those values in one row each (other weights: priority-stages.ts).
//
// Two-week plans (a biweekly student): the days of week B follow those of week A (plan days 7..13).
// A biweekly student's window of week A or B is one column on that week's day; a weekly student's
// window is one column that holds its slots on both days (clique rows and day paths of both weeks),
// so idle = idle of week A + idle of week B; stage 2 also gets the clique rows. Else nothing changes.

import { WEEK_KEYS, type Core } from './instance.js';
import { ModelBuilder } from './highs.js';
import { DAYS, SLOTS_PER_DAY } from './problem-input.js';

export interface Component {
  days: number[];
  /** core indices, ascending */
  students: number[];
}

/** Groups of days linked by students with windows on several of them; solved independently. */
export function components(core: Core): Component[] {
  const planDays = core.weeks * DAYS;
  const parent = Array.from({ length: planDays }, (_, d) => d);
  const find = (d: number): number => {
    while (parent[d] !== d) {
      parent[d] = parent[parent[d]!]!;
      d = parent[d]!;
    }
    return d;
  };
  const dayOf = (w: number): number => (core.winKey[w]! / SLOTS_PER_DAY) | 0;
  const union = (x: number, y: number): void => {
    const a = find(x);
    const b = find(y);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  };
  for (let s = 0; s < core.n; s++) {
    const d0 = dayOf(core.winStart[s]!);
    for (let w = core.winStart[s]! + 1; w < core.winStart[s + 1]!; w++) union(d0, dayOf(w));
    if (core.both[s]) union(d0, d0 + DAYS);
  }
  const byRoot = new Map<number, Component>();
  for (let s = 0; s < core.n; s++) {
    const root = find(dayOf(core.winStart[s]!));
    let c = byRoot.get(root);
    if (!c) {
      c = { days: [], students: [] };
      byRoot.set(root, c);
    }
    c.students.push(s);
  }
  for (let d = 0; d < planDays; d++) byRoot.get(find(d))?.days.push(d);
  return [...byRoot.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}

export interface BuiltModel {
  builder: ModelBuilder;
  /** column -> window index (only the first xCount columns are windows) */
  windowOfCol: Int32Array;
  xCount: number;
  /** Warm start from a placement (core student -> window or -1). */
  start(pos: Int32Array): Float64Array;
  /** Reads a solution back into pos (only the component's students are touched). */
  read(x: Float64Array, pos: Int32Array): void;
}

function studentOfWindow(core: Core): Int32Array {
  const out = new Int32Array(core.winKey.length);
  for (let s = 0; s < core.n; s++) for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) out[w] = s;
  return out;
}

function readWindows(core: Core, comp: Component, windowOfCol: Int32Array, xCount: number, x: Float64Array, pos: Int32Array): void {
  const owner = studentOfWindow(core);
  for (const s of comp.students) if (core.pinnedWin[s]! < 0) pos[s] = -1;
  for (let j = 0; j < xCount; j++) {
    if (x[j]! > 0.5) {
      const w = windowOfCol[j]!;
      pos[owner[w]!] = w;
    }
  }
}

/** Fixes of a stage-1 model for the "stable" and "preferred" stages. */
export interface MaximizeOptions {
  /** Number of placed non-pinned students of the component (row sum x = count). */
  count?: number;
  /** Non-pinned students at their previous lesson (row sum of those windows = kept). */
  kept?: number;
  /** Objective: every window ('placed', default), previous lessons only, or windows inside preferred times only. */
  objective?: 'placed' | 'kept' | 'preferred';
}

/** Objective weight of window w of student s. */
function weight(core: Core, w: number, objective: MaximizeOptions['objective']): number {
  if (objective === 'kept') return core.winPrev[w]!;
  if (objective === 'preferred') return core.winPref[w]!;
  return 1;
}

/**
 * "At most one lesson covers this slot" rows, one per maximal clique of each plan day's interval graph
 * (column j: window cols[j], of student owner[cols[j]]; a weekly window of a two-week plan covers both weeks).
 */
function addCliqueRows(core: Core, b: ModelBuilder, cols: ArrayLike<number>, owner: Int32Array): void {
  const keys = core.weeks * WEEK_KEYS;
  const cover = new Map<number, number[]>();
  const startsAt = new Uint8Array(keys);
  const endsAt = new Uint8Array(keys);
  for (let j = 0; j < cols.length; j++) {
    const w = cols[j]!;
    const s = owner[w]!;
    for (let key = core.winKey[w]!; key < keys; key += WEEK_KEYS) {
      startsAt[key] = 1;
      endsAt[key + core.len[s]! - 1] = 1;
      for (let k = key; k < key + core.len[s]!; k++) {
        let list = cover.get(k);
        if (!list) {
          list = [];
          cover.set(k, list);
        }
        list.push(j);
      }
      if (!core.both[s]) break;
    }
  }
  let started = false; // a clique ends where a window ends after some window started since the last end
  for (let k = 0; k < keys; k++) {
    if (startsAt[k]) started = true;
    if (!endsAt[k]) continue;
    if (started) {
      const list = cover.get(k)!;
      if (list.length > 1) b.row(-Infinity, 1, list);
    }
    started = false;
  }
}

/** Stage 1 for one component (pinned students are fixed and left out). */
export function buildMaximize(core: Core, comp: Component, opts: MaximizeOptions = {}): BuiltModel {
  const b = new ModelBuilder();
  const cols: number[] = [];
  const keptCols: number[] = [];
  for (const s of comp.students) {
    if (core.pinnedWin[s]! >= 0) continue;
    const idx: number[] = [];
    for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
      const j = b.binary(weight(core, w, opts.objective));
      cols.push(w);
      if (core.winPrev[w]) keptCols.push(j);
      idx.push(j);
    }
    if (idx.length > 1) b.row(-Infinity, 1, idx);
  }
  addCliqueRows(core, b, cols, studentOfWindow(core));
  const windowOfCol = Int32Array.from(cols);
  const xCount = cols.length;
  if (opts.count !== undefined)
    b.row(
      opts.count,
      opts.count,
      Array.from({ length: xCount }, (_, j) => j),
    );
  if (opts.kept !== undefined) b.row(opts.kept, opts.kept, keptCols);
  return {
    builder: b,
    windowOfCol,
    xCount,
    start(pos) {
      const v = new Float64Array(b.numCols);
      const chosen = new Set<number>();
      for (const s of comp.students) if (pos[s]! >= 0) chosen.add(pos[s]!);
      for (let j = 0; j < xCount; j++) if (chosen.has(windowOfCol[j]!)) v[j] = 1;
      return v;
    },
    read(x, pos) {
      readWindows(core, comp, windowOfCol, xCount, x, pos);
    },
  };
}

/** Fixes of a stage-2 model: the values of the stages before it. */
export interface CompactOptions {
  /** Lessons inside preferred times (pins included): row sum = preferred. */
  preferred?: number;
  /** Students at their previous lesson (pins included): row sum = kept. */
  kept?: number;
  maxIdle?: number; // row sum of the idle arcs <= maxIdle
  /** Objective (minimized): idleCost per idle slot minus preferredGain per lesson in preferred times (default: 1 and 0). */
  weights?: { idleCost: number; preferredGain: number };
}

/** Stage 2 for one component: minimum idle slots with exactly `count` lessons (pins included). */
export function buildCompact(core: Core, comp: Component, count: number, opts: CompactOptions = {}): BuiltModel {
  const b = new ModelBuilder();
  const cols: number[] = [];
  const all: number[] = [];
  const keptCols: number[] = [];
  for (const s of comp.students) {
    const idx: number[] = [];
    const pinned = core.pinnedWin[s]! >= 0;
    for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
      const j = b.binary(opts.weights && core.winPref[w] ? -opts.weights.preferredGain : 0, pinned ? 1 : 0, 1);
      cols.push(w);
      if (core.winPrev[w]) keptCols.push(j);
      idx.push(j);
      all.push(j);
    }
    if (idx.length > 1 || count === comp.students.length) b.row(count === comp.students.length ? 1 : -Infinity, 1, idx);
  }
  b.row(count, count, all);
  if (opts.preferred !== undefined) {
    const pref = all.filter((j) => core.winPref[cols[j]!]);
    b.row(opts.preferred, opts.preferred, pref);
  }
  if (opts.kept !== undefined) b.row(opts.kept, opts.kept, keptCols);
  const allIdle: number[] = [];
  const xCount = cols.length;
  const windowOfCol = Int32Array.from(cols);
  const owner = studentOfWindow(core);

  interface DayArcs {
    day: number;
    lo: number;
    hi: number;
    src: Map<number, number>;
    snk: Map<number, number>;
    idle: number[];
  }
  const dayArcs: DayArcs[] = [];
  // Start slot of column j on plan day d (a weekly lesson in two weeks is on d and d + 7), or -1.
  const startOn = (j: number, d: number): number => {
    const w = windowOfCol[j]!;
    const t = core.winKey[w]! - d * SLOTS_PER_DAY;
    if (t >= 0 && t < SLOTS_PER_DAY) return t;
    if (d >= DAYS && core.both[owner[w]!] && t + WEEK_KEYS >= 0 && t + WEEK_KEYS < SLOTS_PER_DAY) return t + WEEK_KEYS;
    return -1;
  };
  for (const d of comp.days) {
    const ws: number[] = [];
    for (let j = 0; j < xCount; j++) if (startOn(j, d) >= 0) ws.push(j);
    if (ws.length === 0) continue;
    let lo = SLOTS_PER_DAY;
    let hi = 0;
    const startSet = new Set<number>();
    const endSet = new Set<number>();
    for (const j of ws) {
      const w = windowOfCol[j]!;
      const t = startOn(j, d);
      const e = t + core.len[owner[w]!]!;
      startSet.add(t);
      endSet.add(e);
      if (t < lo) lo = t;
      if (e > hi) hi = e;
    }
    const inArcs: number[][] = Array.from({ length: hi - lo + 1 }, () => []);
    const outArcs: number[][] = Array.from({ length: hi - lo + 1 }, () => []);
    const src = new Map<number, number>();
    const snk = new Map<number, number>();
    const srcCols: number[] = [];
    for (const t of [...startSet].sort((a, c) => a - c)) {
      const j = b.binary(0);
      src.set(t, j);
      srcCols.push(j);
      inArcs[t - lo]!.push(j);
    }
    for (const t of [...endSet].sort((a, c) => a - c)) {
      const j = b.binary(0);
      snk.set(t, j);
      outArcs[t - lo]!.push(j);
    }
    const idle: number[] = [];
    for (let t = lo; t < hi; t++) {
      const j = b.binary(opts.weights?.idleCost ?? 1);
      idle.push(j);
      allIdle.push(j);
      outArcs[t - lo]!.push(j);
      inArcs[t + 1 - lo]!.push(j);
    }
    for (const j of ws) {
      const w = windowOfCol[j]!;
      const t = startOn(j, d);
      outArcs[t - lo]!.push(j);
      inArcs[t + core.len[owner[w]!]! - lo]!.push(j);
    }
    b.row(-Infinity, 1, srcCols);
    for (let i = 0; i <= hi - lo; i++) {
      const idx = [...inArcs[i]!, ...outArcs[i]!];
      const vals = [...inArcs[i]!.map(() => 1), ...outArcs[i]!.map(() => -1)];
      b.row(0, 0, idx, vals);
    }
    dayArcs.push({ day: d, lo, hi, src, snk, idle });
  }
  if (opts.maxIdle !== undefined) b.row(-Infinity, opts.maxIdle, allIdle);
  // Two-week plans: stage 1's clique rows too (redundant for integer points, half the root work of
  // tight-01-bw's idle proof: docs/adr/0002-biweekly-stage2-cliques.md).
  if (core.weeks === 2) addCliqueRows(core, b, windowOfCol, owner);

  return {
    builder: b,
    windowOfCol,
    xCount,
    start(pos) {
      const v = new Float64Array(b.numCols);
      const chosen = new Set<number>();
      for (const s of comp.students) if (pos[s]! >= 0) chosen.add(pos[s]!);
      for (let j = 0; j < xCount; j++) if (chosen.has(windowOfCol[j]!)) v[j] = 1;
      for (const a of dayArcs) {
        const base = a.day * SLOTS_PER_DAY;
        const covered = new Uint8Array(a.hi - a.lo);
        let first = -1;
        let last = -1;
        for (const s of comp.students) {
          const w = pos[s]!;
          if (w < 0) continue;
          let t = core.winKey[w]! - base;
          if (core.both[s] && a.day >= DAYS) t += WEEK_KEYS;
          if (t < 0 || t >= SLOTS_PER_DAY) continue;
          const e = t + core.len[s]!;
          for (let k = t; k < e; k++) covered[k - a.lo] = 1;
          if (first < 0 || t < first) first = t;
          if (e > last) last = e;
        }
        if (first < 0) continue;
        v[a.src.get(first)!] = 1;
        v[a.snk.get(last)!] = 1;
        for (let t = first; t < last; t++) if (!covered[t - a.lo]) v[a.idle[t - a.lo]!] = 1;
      }
      return v;
    },
    read(x, pos) {
      readWindows(core, comp, windowOfCol, xCount, x, pos);
    },
  };
}
