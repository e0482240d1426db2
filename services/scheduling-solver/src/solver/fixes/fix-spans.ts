// Span checks of one student and one kind of fix (teacher_time, student_time) on one problem and one
// LP kept across the checks (ADR 0011). The problem is built once with every candidate span of the
// kind added (fix-trial.ts changedProblem); a check opens only the windows its spans cover: a window
// needing a quarter hour outside the base times (the teacher's, or the student's own) is open when
// the check's spans hold every such quarter hour. Steps of a check, cheapest first: the two
// constructions on the plan; a plan an earlier check found that uses only open windows; the
// quarter-hour matching (fix-flow.ts, "no" in about 0.05 ms); a short local search from the nearest
// earlier plan and from the calculation's plan; the stage-1 LP of the student's group of days (built
// once, closed windows bounded to 0, re-solved from its last basis); a longer local search; the MIP
// on the core reduced to the open windows. A "yes" or "no" is the one verify() reaches for the change
// built on its own (a test compares them); the plan that proves a "yes", and so its idle time, may
// differ.

import type { Highs } from 'highs';
import { Board, type Span } from './fix-board.js';
import { slotMatchingFits } from './fix-flow.js';
import { changedProblem, LONG_SEARCH_EFFORT, quickSearch, SEARCH_EFFORT, searchVerdict, type MipBudget, type Verdict } from './fix-trial.js';
import type { SearchResult } from '../engine/heuristic.js';
import { mipOptions } from '../engine/highs.js';
import { buildInstance, WEEK_KEYS, type Core, type Instance } from '../engine/instance.js';
import { buildMaximize, components } from '../engine/model.js';
import { SLOTS_PER_DAY } from '../engine/problem-input.js';
import type { Placement, Problem } from '../types.js';

type Model = ReturnType<Highs['createModel']>;

/** The LP of u's group of days and, per column, the window it stands for. */
interface Lp {
  model: Model;
  windowOfCol: Int32Array;
  /** Columns of gated windows and their current upper bound. */
  gatedCols: Int32Array;
  upper: Float64Array;
  need: number;
}

interface Witness {
  pos: Int32Array;
  idle: number;
}

export class SpanTrial {
  private readonly inst: Instance;
  private readonly core: Core;
  private readonly u: number;
  private readonly cu: number;
  private readonly board: Board;
  /** Per window: offset into `missing` (CSR, length windows + 1); empty = open under any spans. */
  private readonly missStart: Int32Array;
  private readonly missing: Int32Array;
  private readonly pos: Int32Array;
  private lp: Lp | null = null;
  /** Plans that placed everybody in earlier checks (core student -> window). */
  private readonly witnesses: Witness[] = [];

  /**
   * `union`: every span any check may ask about; `kind`: whose times the spans extend; `base`: that
   * owner's times before the change (day * 96 + slot grid).
   */
  constructor(
    problem: Problem,
    placements: readonly Placement[],
    memberId: string,
    union: readonly Span[],
    private readonly kind: 'teacher' | 'student',
    base: Uint8Array,
  ) {
    this.inst = buildInstance(changedProblem(problem, placements, memberId, { [kind]: union }));
    this.core = this.inst.core;
    this.u = this.inst.students.findIndex((s) => s.member_id === memberId);
    this.cu = this.core.student.indexOf(this.u);
    this.board = new Board(this.inst, placements);
    const { core } = this;
    const starts = new Int32Array(core.winKey.length + 1);
    const missing: number[] = [];
    for (let s = 0; s < core.n; s++) {
      const gated = core.pinnedWin[s]! < 0 && (kind === 'teacher' || s === this.cu);
      for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
        const key = core.winKey[w]! % WEEK_KEYS;
        if (gated) for (let k = key; k < key + core.len[s]!; k++) if (!base[k]) missing.push(k);
        starts[w + 1] = missing.length;
      }
    }
    this.missStart = starts;
    this.missing = Int32Array.from(missing);
    // The plan's lessons as windows (adding times never removes one); u unplaced.
    this.pos = new Int32Array(core.n).fill(-1);
    for (let s = 0; s < core.n; s++) {
      const key = core.pinnedWin[s]! >= 0 ? core.winKey[core.pinnedWin[s]!]! : this.board.at[core.student[s]!]!;
      for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) if (core.winKey[w] === key && s !== this.cu) this.pos[s] = w;
    }
  }

  /** Whether the placed students and u all fit when exactly `spans` are added. */
  check(spans: readonly Span[], mip: MipBudget | null): Verdict {
    const { core, cu, board, u, inst } = this;
    if (cu < 0) return { answer: 'no' };
    const added = new Uint8Array(WEEK_KEYS);
    for (const s of spans) added.fill(1, s.day * SLOTS_PER_DAY + s.a, s.day * SLOTS_PER_DAY + s.b);
    const open = new Uint8Array(core.winKey.length);
    for (let w = 0; w < open.length; w++) {
      let ok = 1;
      for (let m = this.missStart[w]!; m < this.missStart[w + 1]! && ok; m++) ok = added[this.missing[m]!]!;
      open[w] = ok;
    }
    const openOf = (c: number): number[] => {
      const out: number[] = [];
      for (let w = core.winStart[c]!; w < core.winStart[c + 1]!; w++) if (open[w]) out.push(core.winKey[w]!);
      return out;
    };
    const uKeys = openOf(cu);
    if (uKeys.length === 0) return { answer: 'no' };
    const windowsOf = (i: number): number[] => {
      const c = core.student.indexOf(i);
      return c < 0 ? [] : openOf(c);
    };
    const L = inst.len[u]!;
    const options = [...board.direct(u, L, uKeys), ...board.oneMove(u, L, uKeys, windowsOf, false)];
    if (options.length > 0) return { answer: 'yes', idle: Math.min(...options.map((o) => board.idleWith(u, o.uKey, L, o.move))) };
    // A plan found by an earlier check that uses only open windows.
    const witness = this.witnesses.find((x) => x.pos.every((w) => open[w]));
    if (witness) return { answer: 'yes', idle: witness.idle };
    if (!slotMatchingFits(core, this.pos, open, cu)) return { answer: 'no' };
    if (!mip) return { answer: 'unknown' };
    const sub = restrict(core, open);
    const toSub = (w: number): number => (w < 0 ? -1 : sub.newIndex[w]!);
    const pos = Int32Array.from(this.pos, toSub);
    // Local search from the earlier plan closest to this check (its lessons in closed windows lifted), then from the plan.
    const near = this.nearestWitness(open);
    const start = near ? Int32Array.from(near.pos, toSub) : pos;
    const search = (effort: number): SearchResult => {
      const found = quickSearch(sub.core, start, effort);
      return found.unplaced > 0 && near ? quickSearch(sub.core, pos, effort) : found;
    };
    let found = search(SEARCH_EFFORT);
    if (found.unplaced === 0) return this.keep(sub.oldIndex, { answer: 'yes', idle: found.idle, pos: found.pos });
    const limit = Math.min(mip.maxRunSec, (mip.deadline - performance.now()) / 1000);
    if (limit < 0.02) return { answer: 'unknown' };
    if (this.lpBound(mip.highs, open, limit) < this.lp!.need - 1e-6) return { answer: 'no' };
    if (performance.now() >= mip.deadline) return { answer: 'unknown' };
    found = search(LONG_SEARCH_EFFORT);
    if (found.unplaced === 0) return this.keep(sub.oldIndex, { answer: 'yes', idle: found.idle, pos: found.pos });
    return this.keep(sub.oldIndex, searchVerdict(sub.core, pos, mip, { lp: false, found }));
  }

  /** Keeps the plan of a "yes" (windows of the reduced core mapped back) for later checks. */
  private keep(oldIndex: Int32Array, v: Verdict): Verdict {
    if (v.answer === 'yes' && v.pos) this.witnesses.push({ pos: Int32Array.from(v.pos, (w) => oldIndex[w]!), idle: v.idle });
    return v;
  }

  /** The earlier plan with the fewest lessons in closed windows (null when there is none). */
  private nearestWitness(open: Uint8Array): Witness | null {
    let best: Witness | null = null;
    let bestClosed = Infinity;
    for (const x of this.witnesses) {
      const closed = x.pos.reduce((n, w) => n + (open[w] ? 0 : 1), 0);
      if (closed < bestClosed) [best, bestClosed] = [x, closed];
    }
    return best;
  }

  /** Upper bound of the stage-1 LP of u's group of days with only the open windows (Infinity when not solved). */
  private lpBound(highs: Highs, open: Uint8Array, limitSec: number): number {
    const lp = (this.lp ??= this.buildLp(highs));
    const changed: number[] = [];
    const upper: number[] = [];
    for (let g = 0; g < lp.gatedCols.length; g++) {
      const j = lp.gatedCols[g]!;
      const up = open[lp.windowOfCol[j]!]!;
      if (up !== lp.upper[g]) {
        lp.upper[g] = up;
        changed.push(j);
        upper.push(up);
      }
    }
    if (changed.length > 0)
      lp.model.changeColsBounds({ kind: 'set', indices: Int32Array.from(changed) }, new Float64Array(changed.length), Float64Array.from(upper));
    lp.model.options.set({ ...mipOptions(limitSec), presolve: 'off' });
    // The time limit counts from the model's first run unless its clocks are reset.
    lp.model.zeroAllClocks();
    lp.model.run();
    return lp.model.getModelStatus() === highs.constants.modelStatus.optimal ? lp.model.getObjectiveValue() : Infinity;
  }

  private buildLp(highs: Highs): Lp {
    const { core, cu } = this;
    const comp = components(core).find((c) => c.students.includes(cu))!;
    const built = buildMaximize(core, comp);
    const { integrality: _, ...data } = built.builder.build(highs, true);
    const gated: number[] = [];
    for (let j = 0; j < built.xCount; j++) {
      const w = built.windowOfCol[j]!;
      if (this.missStart[w + 1]! > this.missStart[w]!) gated.push(j);
    }
    const need = comp.students.filter((s) => core.pinnedWin[s]! < 0).length;
    return {
      model: highs.createModel(data),
      windowOfCol: built.windowOfCol,
      gatedCols: Int32Array.from(gated),
      upper: new Float64Array(gated.length).fill(1),
      need,
    };
  }

  /** Frees the LP (HiGHS memory outside the JS heap). */
  dispose(): void {
    this.lp?.model.dispose();
    this.lp = null;
  }
}

/** The core with only the open windows (pinned windows always stay), and old window -> new window. */
function restrict(core: Core, open: Uint8Array): { core: Core; newIndex: Int32Array; oldIndex: Int32Array } {
  const newIndex = new Int32Array(core.winKey.length).fill(-1);
  const winStart = new Int32Array(core.n + 1);
  const kept: number[] = [];
  for (let s = 0; s < core.n; s++) {
    for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
      if (!open[w] && core.pinnedWin[s] !== w) continue;
      newIndex[w] = kept.length;
      kept.push(w);
    }
    winStart[s + 1] = kept.length;
  }
  const pick = <T extends Int32Array | Uint8Array>(a: T): T =>
    a.constructor === Int32Array ? (Int32Array.from(kept, (w) => a[w]!) as T) : (Uint8Array.from(kept, (w) => a[w]!) as T);
  return {
    core: {
      ...core,
      winStart,
      winKey: pick(core.winKey),
      winPref: pick(core.winPref),
      winPrev: pick(core.winPrev),
      pinnedWin: Int32Array.from(core.pinnedWin, (w) => (w < 0 ? -1 : newIndex[w]!)),
    },
    newIndex,
    oldIndex: Int32Array.from(kept),
  };
}
