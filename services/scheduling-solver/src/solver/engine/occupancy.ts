// Occupancy of a local-search state: which student holds which slot of each plan day, each
// day's first and last lesson, its taught and idle slots, and the placed count, kept up to date by
// place() and remove(); with the free-window choice and the greedy start built on it.
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

/** Placement state of a local search over one core (heuristic.ts). */
export class Occupancy {
  readonly core: Core;
  readonly owner: Int32Array;
  readonly pos: Int32Array;
  protected readonly dayFirst: Int32Array;
  protected readonly dayLast: Int32Array;
  protected readonly dayOcc: Int32Array;
  protected readonly dayIdle: Int32Array;
  protected readonly dayLo: Int32Array;
  protected readonly dayHi: Int32Array;
  /** per core student: how many weeks its lesson holds (2 for a weekly student in a two-week plan) */
  protected readonly copies: Uint8Array;
  idle = 0;
  placed = 0;
  protected readonly rand: () => number;
  protected readonly movable: Int32Array;

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
      if (core.pinnedWin[s]! < 0) mov.push(s);
      for (let w = core.winStart[s]!; w < core.winStart[s + 1]!; w++) {
        for (let c = 0; c < this.copies[s]!; c++) {
          const key = core.winKey[w]! + c * WEEK_KEYS;
          const d = (key / SLOTS_PER_DAY) | 0;
          const t = key - d * SLOTS_PER_DAY;
          if (t < this.dayLo[d]!) this.dayLo[d] = t;
          if (t + core.len[s]! > this.dayHi[d]!) this.dayHi[d] = t + core.len[s]!;
        }
      }
    }
    this.movable = Int32Array.from(mov);
    for (let s = 0; s < core.n; s++) if (core.pinnedWin[s]! >= 0) this.place(s, core.pinnedWin[s]!);
  }

  get unplaced(): number {
    return this.core.n - this.placed;
  }

  protected refreshDay(d: number): void {
    const old = this.dayIdle[d]!;
    let v = 0;
    if (this.dayOcc[d]! > 0) v = this.dayLast[d]! - this.dayFirst[d]! - this.dayOcc[d]!;
    this.dayIdle[d] = v;
    this.idle += v - old;
  }

  protected rescanDay(d: number): void {
    const base = d * SLOTS_PER_DAY;
    let f = -1;
    let l = -1;
    for (let t = this.dayLo[d]!; t < this.dayHi[d]!; t++)
      if (this.owner[base + t]! >= 0) {
        f = t;
        break;
      }
    for (let t = this.dayHi[d]! - 1; t >= this.dayLo[d]!; t--)
      if (this.owner[base + t]! >= 0) {
        l = t + 1;
        break;
      }
    this.dayFirst[d] = f;
    this.dayLast[d] = l;
  }

  place(s: number, w: number): void {
    const L = this.core.len[s]!;
    for (let c = 0; c < this.copies[s]!; c++) {
      const key = this.core.winKey[w]! + c * WEEK_KEYS;
      const d = (key / SLOTS_PER_DAY) | 0;
      const t = key - d * SLOTS_PER_DAY;
      for (let k = key; k < key + L; k++) this.owner[k] = s;
      if (this.dayOcc[d] === 0) {
        this.dayFirst[d] = t;
        this.dayLast[d] = t + L;
      } else {
        if (t < this.dayFirst[d]!) this.dayFirst[d] = t;
        if (t + L > this.dayLast[d]!) this.dayLast[d] = t + L;
      }
      this.dayOcc[d]! += L;
      this.refreshDay(d);
    }
    this.pos[s] = w;
    this.placed++;
  }

  remove(s: number): void {
    const w = this.pos[s]!;
    const L = this.core.len[s]!;
    for (let c = 0; c < this.copies[s]!; c++) {
      const key = this.core.winKey[w]! + c * WEEK_KEYS;
      const d = (key / SLOTS_PER_DAY) | 0;
      const t = key - d * SLOTS_PER_DAY;
      for (let k = key; k < key + L; k++) this.owner[k] = -1;
      this.dayOcc[d]! -= L;
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
  protected isFree(s: number, w: number): boolean {
    const L = this.core.len[s]!;
    for (let c = 0; c < this.copies[s]!; c++) {
      const key = this.core.winKey[w]! + c * WEEK_KEYS;
      for (let k = key; k < key + L; k++) if (this.owner[k]! >= 0) return false;
    }
    return true;
  }

  /** Idle change if student s took window w, assuming it is free. */
  protected idleDelta(s: number, w: number): number {
    const L = this.core.len[s]!;
    let delta = 0;
    for (let c = 0; c < this.copies[s]!; c++) {
      const key = this.core.winKey[w]! + c * WEEK_KEYS;
      const d = (key / SLOTS_PER_DAY) | 0;
      if (this.dayOcc[d] === 0) continue;
      const t = key - d * SLOTS_PER_DAY;
      const f = t < this.dayFirst[d]! ? t : this.dayFirst[d]!;
      const l = t + L > this.dayLast[d]! ? t + L : this.dayLast[d]!;
      delta += l - f - (this.dayOcc[d]! + L) - this.dayIdle[d]!;
    }
    return delta;
  }

  /** The free window of s that adds the least idle time (random tie-break), or -1. */
  bestFree(s: number, randomTies = true): number {
    let best = -1;
    let bestDelta = Infinity;
    let ties = 0;
    for (let w = this.core.winStart[s]!; w < this.core.winStart[s + 1]!; w++) {
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
    const order = Array.from(this.movable).filter((s) => this.pos[s]! < 0);
    const c = this.core;
    order.sort((a, b) => c.winStart[a + 1]! - c.winStart[a]! - (c.winStart[b + 1]! - c.winStart[b]!) || c.len[b]! - c.len[a]! || a - b);
    for (const s of order) {
      const w = this.bestFree(s, false);
      if (w >= 0) this.place(s, w);
    }
  }

  load(pos: Int32Array): void {
    for (let s = 0; s < this.core.n; s++) if (this.pos[s]! >= 0 && this.core.pinnedWin[s]! < 0) this.remove(s);
    for (let s = 0; s < this.core.n; s++) if (pos[s]! >= 0 && this.core.pinnedWin[s]! < 0) this.place(s, pos[s]!);
  }
}
