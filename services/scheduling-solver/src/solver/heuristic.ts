// Fast start plan: greedy placement followed by a deterministic local search (simulated annealing
// on the lexicographic goal "fewest unplaced, then fewest idle slots"). Two kinds of moves put a
// student into one of its windows: "eject" lifts the lessons in the way and re-places them in free
// windows; "push" shifts the neighbouring lessons of that day along (as a chain) into their own
// nearest windows and then fills free windows with unplaced students. The same search compacts a
// MIP solution without ever lowering its placed count.
// In a two-week plan the days of week B follow those of week A; a weekly student's lesson holds
// its slots in both weeks (its key + WEEK_KEYS too), so every occupancy step runs over its "copies".

import { WEEK_KEYS, type Core } from './instance.js';
import { DAYS, SLOTS_PER_DAY } from './problem-input.js';

/** Small deterministic PRNG (mulberry32). */
export function rng32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SearchResult {
  /** core index -> window index into core.winKey, or -1 */
  pos: Int32Array;
  unplaced: number;
  idle: number;
  iterations: number;
}

export class LocalSearch {
  readonly core: Core;
  readonly owner: Int32Array;
  readonly pos: Int32Array;
  private readonly dayFirst: Int32Array;
  private readonly dayLast: Int32Array;
  private readonly dayOcc: Int32Array;
  private readonly dayIdle: Int32Array;
  private readonly dayLo: Int32Array;
  private readonly dayHi: Int32Array;
  /** per core student: how many weeks its lesson holds (2 for a weekly student in a two-week plan) */
  private readonly copies: Uint8Array;
  idle = 0;
  /** Lessons a placed student may push aside when it moves (they are re-placed if possible). */
  maxEjectPlaced = 1;
  /** Lessons an unplaced student may push aside to get in. */
  maxEjectUnplaced = 4;
  /** Share of push moves (shift the neighbours) among the moves. */
  pushShare = 0.2;
  placed = 0;
  private readonly rand: () => number;
  private readonly movable: Int32Array;
  private readonly journalS: number[] = [];
  private readonly journalP: number[] = [];
  private readonly ejected: number[] = [];

  constructor(core: Core, seed = 12345) {
    this.core = core;
    const days = core.weeks * DAYS;
    this.owner = new Int32Array(days * SLOTS_PER_DAY).fill(-1);
    this.dayFirst = new Int32Array(days);
    this.dayLast = new Int32Array(days);
    this.dayOcc = new Int32Array(days);
    this.dayIdle = new Int32Array(days);
    this.dayLo = new Int32Array(days).fill(SLOTS_PER_DAY);
    this.dayHi = new Int32Array(days);
    this.copies = core.both.map((b) => (b ? 2 : 1));
    this.pos = new Int32Array(core.n).fill(-1);
    this.rand = rng32(seed);
    const mov: number[] = [];
    for (let s = 0; s < core.n; s++) {
      if (core.pinnedWin[s] < 0) mov.push(s);
      for (let w = core.winStart[s]; w < core.winStart[s + 1]; w++) {
        for (let c = 0; c < this.copies[s]; c++) {
          const key = core.winKey[w] + c * WEEK_KEYS;
          const d = (key / SLOTS_PER_DAY) | 0;
          const t = key - d * SLOTS_PER_DAY;
          if (t < this.dayLo[d]) this.dayLo[d] = t;
          if (t + core.len[s] > this.dayHi[d]) this.dayHi[d] = t + core.len[s];
        }
      }
    }
    this.movable = Int32Array.from(mov);
    for (let s = 0; s < core.n; s++) if (core.pinnedWin[s] >= 0) this.place(s, core.pinnedWin[s]);
  }

  get unplaced(): number {
    return this.core.n - this.placed;
  }

  private refreshDay(d: number): void {
    const old = this.dayIdle[d];
    let v = 0;
    if (this.dayOcc[d] > 0) v = this.dayLast[d] - this.dayFirst[d] - this.dayOcc[d];
    this.dayIdle[d] = v;
    this.idle += v - old;
  }

  private rescanDay(d: number): void {
    const base = d * SLOTS_PER_DAY;
    let f = -1;
    let l = -1;
    for (let t = this.dayLo[d]; t < this.dayHi[d]; t++)
      if (this.owner[base + t] >= 0) {
        f = t;
        break;
      }
    for (let t = this.dayHi[d] - 1; t >= this.dayLo[d]; t--)
      if (this.owner[base + t] >= 0) {
        l = t + 1;
        break;
      }
    this.dayFirst[d] = f;
    this.dayLast[d] = l;
  }

  place(s: number, w: number): void {
    const L = this.core.len[s];
    for (let c = 0; c < this.copies[s]; c++) {
      const key = this.core.winKey[w] + c * WEEK_KEYS;
      const d = (key / SLOTS_PER_DAY) | 0;
      const t = key - d * SLOTS_PER_DAY;
      for (let k = key; k < key + L; k++) this.owner[k] = s;
      if (this.dayOcc[d] === 0) {
        this.dayFirst[d] = t;
        this.dayLast[d] = t + L;
      } else {
        if (t < this.dayFirst[d]) this.dayFirst[d] = t;
        if (t + L > this.dayLast[d]) this.dayLast[d] = t + L;
      }
      this.dayOcc[d] += L;
      this.refreshDay(d);
    }
    this.pos[s] = w;
    this.placed++;
  }

  remove(s: number): void {
    const w = this.pos[s];
    const L = this.core.len[s];
    for (let c = 0; c < this.copies[s]; c++) {
      const key = this.core.winKey[w] + c * WEEK_KEYS;
      const d = (key / SLOTS_PER_DAY) | 0;
      const t = key - d * SLOTS_PER_DAY;
      for (let k = key; k < key + L; k++) this.owner[k] = -1;
      this.dayOcc[d] -= L;
      if (this.dayOcc[d] === 0) {
        this.dayFirst[d] = -1;
        this.dayLast[d] = -1;
      } else if (t === this.dayFirst[d] || t + L === this.dayLast[d]) this.rescanDay(d);
      this.refreshDay(d);
    }
    this.pos[s] = -1;
    this.placed--;
  }

  /** Window w of student s holds no other lesson's slot (in each week its lesson holds). */
  private isFree(s: number, w: number): boolean {
    const L = this.core.len[s];
    for (let c = 0; c < this.copies[s]; c++) {
      const key = this.core.winKey[w] + c * WEEK_KEYS;
      for (let k = key; k < key + L; k++) if (this.owner[k] >= 0) return false;
    }
    return true;
  }

  /** Idle change if student s took window w, assuming it is free. */
  private idleDelta(s: number, w: number): number {
    const L = this.core.len[s];
    let delta = 0;
    for (let c = 0; c < this.copies[s]; c++) {
      const key = this.core.winKey[w] + c * WEEK_KEYS;
      const d = (key / SLOTS_PER_DAY) | 0;
      if (this.dayOcc[d] === 0) continue;
      const t = key - d * SLOTS_PER_DAY;
      const f = t < this.dayFirst[d] ? t : this.dayFirst[d];
      const l = t + L > this.dayLast[d] ? t + L : this.dayLast[d];
      delta += l - f - (this.dayOcc[d] + L) - this.dayIdle[d];
    }
    return delta;
  }

  /** The free window of s that adds the least idle time (random tie-break), or -1. */
  bestFree(s: number, randomTies = true): number {
    let best = -1;
    let bestDelta = Infinity;
    let ties = 0;
    for (let w = this.core.winStart[s]; w < this.core.winStart[s + 1]; w++) {
      if (!this.isFree(s, w)) continue;
      const delta = this.idleDelta(s, w);
      if (delta < bestDelta) {
        bestDelta = delta;
        best = w;
        ties = 1;
      } else if (delta === bestDelta && randomTies) {
        ties++;
        if (this.rand() * ties < 1) best = w;
      }
    }
    return best;
  }

  /** Greedy: most constrained students first, each into its cheapest free window. */
  greedy(): void {
    const order = Array.from(this.movable).filter((s) => this.pos[s] < 0);
    const c = this.core;
    order.sort((a, b) => c.winStart[a + 1] - c.winStart[a] - (c.winStart[b + 1] - c.winStart[b]) || c.len[b] - c.len[a] || a - b);
    for (const s of order) {
      const w = this.bestFree(s, false);
      if (w >= 0) this.place(s, w);
    }
  }

  load(pos: Int32Array): void {
    for (let s = 0; s < this.core.n; s++) if (this.pos[s] >= 0 && this.core.pinnedWin[s] < 0) this.remove(s);
    for (let s = 0; s < this.core.n; s++) if (pos[s] >= 0 && this.core.pinnedWin[s] < 0) this.place(s, pos[s]);
  }

  /**
   * One compound move: s takes window w, lessons in the way (at most maxEject) are lifted and
   * re-placed in their cheapest free windows if possible. Returns false if not applicable.
   * The journal allows undo().
   */
  private tryMove(s: number, w: number, maxEject: number): boolean {
    const c = this.core;
    const L = c.len[s];
    const key = c.winKey[w];
    const ej = this.ejected;
    ej.length = 0;
    for (let copy = 0; copy < this.copies[s]; copy++)
      for (let k = key + copy * WEEK_KEYS; k < key + copy * WEEK_KEYS + L; k++) {
        const o = this.owner[k];
        if (o >= 0 && o !== s && ej.indexOf(o) < 0) {
          if (c.pinnedWin[o] >= 0 || ej.length >= maxEject) return false;
          ej.push(o);
        }
      }
    this.journalS.length = 0;
    this.journalP.length = 0;
    for (const e of ej) {
      this.journalS.push(e);
      this.journalP.push(this.pos[e]);
      this.remove(e);
    }
    this.journalS.push(s);
    this.journalP.push(this.pos[s]);
    if (this.pos[s] >= 0) this.remove(s);
    this.place(s, w);
    for (const e of ej) {
      const b = this.bestFree(e);
      if (b >= 0) this.place(e, b);
    }
    return true;
  }

  private readonly dayStudents: number[] = [];
  private readonly movers: number[] = [];
  private readonly moverTo: number[] = [];

  /** Window of s on the same day as `base` starting at or after slot `from` (first such), or -1. */
  private windowAtOrAfter(s: number, base: number, from: number): number {
    const c = this.core;
    for (let w = c.winStart[s]; w < c.winStart[s + 1]; w++) {
      const k = c.winKey[w];
      if (k >= base + SLOTS_PER_DAY) return -1;
      if (k >= base + from) return w;
    }
    return -1;
  }

  /** Window of s on the same day as `base` ending at or before slot `to` (last such), or -1. */
  private windowEndingBy(s: number, base: number, to: number): number {
    const c = this.core;
    const L = c.len[s];
    for (let w = c.winStart[s + 1] - 1; w >= c.winStart[s]; w--) {
      const k = c.winKey[w];
      if (k < base) return -1;
      if (k + L <= base + to) return w;
    }
    return -1;
  }

  /**
   * Push move: s takes window w; lessons of that day in the way are shifted (earlier ones to the
   * left, later ones to the right, as a chain) into their own nearest windows, or lifted out when
   * they cannot move. Lifted students and then any unplaced ones are put into free windows if
   * possible. Journaled like tryMove.
   */
  private tryPush(s: number, w: number): boolean {
    const c = this.core;
    const L = c.len[s];
    const key = c.winKey[w];
    const d = (key / SLOTS_PER_DAY) | 0;
    const base = d * SLOTS_PER_DAY;
    const t = key - base;
    // lessons of the day in slot order (without s)
    const day = this.dayStudents;
    day.length = 0;
    let last = -1;
    for (let k = this.dayLo[d]; k < this.dayHi[d]; k++) {
      const o = this.owner[base + k];
      if (o >= 0 && o !== last && o !== s) {
        day.push(o);
        last = o;
      }
      if (o >= 0) last = o;
    }
    const movers = this.movers;
    const moverTo = this.moverTo;
    movers.length = 0;
    moverTo.length = 0;
    const ej = this.ejected;
    ej.length = 0;
    // (a weekly lesson on a day of week B: its key is week A's)
    const startOf = (o: number): number => {
      const a = c.winKey[this.pos[o]] - base;
      return a < 0 ? a + WEEK_KEYS : a;
    };
    // left side
    let cur = t;
    let i = day.length - 1;
    while (i >= 0 && startOf(day[i]) >= t) i--;
    for (; i >= 0; i--) {
      const o = day[i];
      const a = startOf(o);
      const Lo = c.len[o];
      if (a + Lo <= cur) break;
      if (c.pinnedWin[o] >= 0) return false;
      const nw = this.windowEndingBy(o, base, cur);
      if (nw >= 0) {
        movers.push(o);
        moverTo.push(nw);
        cur = c.winKey[nw] - base;
      } else ej.push(o);
    }
    // right side
    cur = t + L;
    for (let j = 0; j < day.length; j++) {
      const o = day[j];
      const a = startOf(o);
      if (a < t) continue;
      if (a >= cur) break;
      if (c.pinnedWin[o] >= 0) return false;
      const nw = this.windowAtOrAfter(o, base, cur);
      if (nw >= 0) {
        movers.push(o);
        moverTo.push(nw);
        cur = c.winKey[nw] - base + c.len[o];
      } else ej.push(o);
    }
    if (movers.length === 0 && ej.length === 0) return false;
    // a right-side mover may land beyond the day's later lessons only if they moved too; check
    // the plan is overlap-free by applying it and verifying the target slots are free
    this.journalS.length = 0;
    this.journalP.length = 0;
    for (const o of ej) {
      this.journalS.push(o);
      this.journalP.push(this.pos[o]);
      this.remove(o);
    }
    for (const o of movers) {
      this.journalS.push(o);
      this.journalP.push(this.pos[o]);
      this.remove(o);
    }
    this.journalS.push(s);
    this.journalP.push(this.pos[s]);
    if (this.pos[s] >= 0) this.remove(s);
    if (!this.isFree(s, w)) {
      this.undo();
      return false;
    }
    this.place(s, w);
    for (let k = 0; k < movers.length; k++) {
      if (!this.isFree(movers[k], moverTo[k])) {
        this.undo();
        return false;
      }
      this.place(movers[k], moverTo[k]);
    }
    for (const e of ej) {
      const b = this.bestFree(e);
      if (b >= 0) this.place(e, b);
    }
    this.fillUnplaced();
    return true;
  }

  /** Puts unplaced students into free windows where possible (journaled). */
  private fillUnplaced(): void {
    if (this.placed === this.core.n) return;
    const mov = this.movable;
    const n = mov.length;
    const off = (this.rand() * n) | 0;
    for (let i = 0; i < n; i++) {
      const s = mov[(i + off) % n];
      if (this.pos[s] >= 0) continue;
      const b = this.bestFree(s);
      if (b >= 0) {
        if (this.journalS.indexOf(s) < 0) {
          this.journalS.push(s);
          this.journalP.push(-1);
        }
        this.place(s, b);
      }
    }
  }

  private undo(): void {
    const js = this.journalS;
    const jp = this.journalP;
    for (let i = js.length - 1; i >= 0; i--) if (this.pos[js[i]] >= 0) this.remove(js[i]);
    for (let i = 0; i < js.length; i++) if (jp[i] >= 0) this.place(js[i], jp[i]);
  }

  /**
   * Simulated annealing. A move is accepted when it places more students, never when it places
   * fewer, and at equal count by the Metropolis rule on idle slots (temperature t0 -> t1).
   * Returns the best state seen (and leaves the search in it).
   */
  anneal(iterations: number, t0 = 1.5, t1 = 0.05): SearchResult {
    const c = this.core;
    const bestPos = Int32Array.from(this.pos);
    let bestU = this.unplaced;
    let bestI = this.idle;
    const mov = this.movable;
    if (mov.length === 0 || iterations <= 0) return { pos: bestPos, unplaced: bestU, idle: bestI, iterations: 0 };
    const unpl: number[] = [];
    const cool = Math.pow(t1 / t0, 1 / iterations);
    let T = t0;
    let done = 0;
    for (let it = 0; it < iterations; it++, T *= cool) {
      let s: number;
      if (this.placed < c.n && this.rand() < 0.3) {
        unpl.length = 0;
        for (let i = 0; i < mov.length; i++) if (this.pos[mov[i]] < 0) unpl.push(mov[i]);
        s = unpl[(this.rand() * unpl.length) | 0];
      } else s = mov[(this.rand() * mov.length) | 0];
      const ws = c.winStart[s];
      const nw = c.winStart[s + 1] - ws;
      const cur = this.pos[s];
      let w: number;
      if (cur >= 0 && this.rand() < 0.35) {
        // nudge: a nearby window of the same student
        const off = 1 + ((this.rand() * 3) | 0);
        w = this.rand() < 0.5 ? cur - off : cur + off;
        if (w < ws || w >= ws + nw) continue;
      } else w = ws + ((this.rand() * nw) | 0);
      if (w === cur) continue;
      const u0 = this.unplaced;
      const i0 = this.idle;
      const applied = this.rand() < this.pushShare ? this.tryPush(s, w) : this.tryMove(s, w, cur >= 0 ? this.maxEjectPlaced : this.maxEjectUnplaced);
      if (!applied) continue;
      done++;
      const du = this.unplaced - u0;
      const di = this.idle - i0;
      const accept = du < 0 || (du === 0 && (di <= 0 || this.rand() < Math.exp(-di / T)));
      if (!accept) {
        this.undo();
        continue;
      }
      if (this.unplaced < bestU || (this.unplaced === bestU && this.idle < bestI)) {
        bestU = this.unplaced;
        bestI = this.idle;
        bestPos.set(this.pos);
      }
    }
    this.load(bestPos);
    return { pos: bestPos, unplaced: bestU, idle: bestI, iterations: done };
  }
}

/** Iteration budget of one annealing run for a core. */
export function annealBudget(core: Core, effort = 1): number {
  const windows = core.winKey.length;
  return Math.round(effort * Math.min(400_000, 3_000 + 15 * windows + 600 * core.n));
}

/**
 * One deterministic start: greedy, a hot phase that accepts every move keeping the count (to
 * find more placements), then annealing on idle time. Returns the best placement found.
 */
export function searchFrom(core: Core, seed: number, effort = 1): SearchResult {
  const ls = new LocalSearch(core, seed);
  ls.greedy();
  ls.anneal(annealBudget(core, effort * 0.5), 50, 50);
  return ls.anneal(annealBudget(core, effort));
}

/** Lexicographic comparison of two search results: fewer unplaced, then less idle time. */
export function better(a: { unplaced: number; idle: number }, b: { unplaced: number; idle: number }): boolean {
  return a.unplaced < b.unplaced || (a.unplaced === b.unplaced && a.idle < b.idle);
}
