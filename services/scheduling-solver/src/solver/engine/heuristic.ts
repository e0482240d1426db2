// Fast start plan: greedy placement followed by a deterministic local search (simulated annealing
// on the lexicographic goal "fewest unplaced, then fewest idle slots"). Two kinds of moves put a
// student into one of its windows: "eject" lifts the lessons in the way and re-places them in free
// windows; "push" shifts the neighbouring lessons of that day along (as a chain) into their own
// nearest windows and then fills free windows with unplaced students. The same search compacts a
// MIP solution without ever lowering its placed count.
// In a two-week plan the days of week B follow those of week A; a weekly student's lesson holds
// its slots in both weeks (its key + WEEK_KEYS too), so every occupancy step runs over its "copies".
// Files: occupancy.ts (state, greedy), moves.ts (eject, push, undo), this file (annealing, starts).

import type { Core } from './instance.js';
import { Moves } from './moves.js';

export { rng32 } from './occupancy.js';

export interface SearchResult {
  /** core index -> window index into core.winKey, or -1 */
  pos: Int32Array;
  unplaced: number;
  idle: number;
  iterations: number;
}

export class LocalSearch extends Moves {
  /** Lessons a placed student may push aside when it moves (they are re-placed if possible). */
  maxEjectPlaced = 1;
  /** Lessons an unplaced student may push aside to get in. */
  maxEjectUnplaced = 4;
  /** Share of push moves (shift the neighbours) among the moves. */
  pushShare = 0.2;

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
        for (let i = 0; i < mov.length; i++) if (this.pos[mov[i]!]! < 0) unpl.push(mov[i]!);
        s = unpl[(this.rand() * unpl.length) | 0]!;
      } else s = mov[(this.rand() * mov.length) | 0]!;
      const ws = c.winStart[s]!;
      const nw = c.winStart[s + 1]! - ws;
      const cur = this.pos[s]!;
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
