// The moves of the local search on an occupancy: "eject" (take a window, lift the lessons in the
// way and re-place them in free windows) and "push" (take a window, shift that day's neighbours
// along as a chain into their nearest windows, then fill free windows with unplaced students).
// Every move is journaled so that undo() restores the state before it.

import { WEEK_KEYS } from './instance.js';
import { Occupancy } from './occupancy.js';
import { SLOTS_PER_DAY } from './problem-input.js';

/** Journaled compound moves on an occupancy. */
export class Moves extends Occupancy {
  protected readonly journalS: number[] = [];
  protected readonly journalP: number[] = [];
  private readonly ejected: number[] = [];

  /**
   * One compound move: s takes window w, lessons in the way (at most maxEject) are lifted and
   * re-placed in their cheapest free windows if possible. Returns false if not applicable.
   * The journal allows undo().
   */
  protected tryMove(s: number, w: number, maxEject: number): boolean {
    const c = this.core;
    const L = c.len[s]!;
    const key = c.winKey[w]!;
    const ej = this.ejected;
    ej.length = 0;
    for (let copy = 0; copy < this.copies[s]!; copy++)
      for (let k = key + copy * WEEK_KEYS; k < key + copy * WEEK_KEYS + L; k++) {
        const o = this.owner[k]!;
        if (o >= 0 && o !== s && ej.indexOf(o) < 0) {
          if (c.pinnedWin[o]! >= 0 || ej.length >= maxEject) return false;
          ej.push(o);
        }
      }
    this.journalS.length = 0;
    this.journalP.length = 0;
    for (const e of ej) {
      this.journalS.push(e);
      this.journalP.push(this.pos[e]!);
      this.remove(e);
    }
    this.journalS.push(s);
    this.journalP.push(this.pos[s]!);
    if (this.pos[s]! >= 0) this.remove(s);
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
    for (let w = c.winStart[s]!; w < c.winStart[s + 1]!; w++) {
      const k = c.winKey[w]!;
      if (k >= base + SLOTS_PER_DAY) return -1;
      if (k >= base + from) return w;
    }
    return -1;
  }

  /** Window of s on the same day as `base` ending at or before slot `to` (last such), or -1. */
  private windowEndingBy(s: number, base: number, to: number): number {
    const c = this.core;
    const L = c.len[s]!;
    for (let w = c.winStart[s + 1]! - 1; w >= c.winStart[s]!; w--) {
      const k = c.winKey[w]!;
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
  protected tryPush(s: number, w: number): boolean {
    const c = this.core;
    const L = c.len[s]!;
    const key = c.winKey[w]!;
    const d = (key / SLOTS_PER_DAY) | 0;
    const base = d * SLOTS_PER_DAY;
    const t = key - base;
    // lessons of the day in slot order (without s)
    const day = this.dayStudents;
    day.length = 0;
    let last = -1;
    for (let k = this.dayLo[d]!; k < this.dayHi[d]!; k++) {
      const o = this.owner[base + k]!;
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
      const a = c.winKey[this.pos[o]!]! - base;
      return a < 0 ? a + WEEK_KEYS : a;
    };
    // left side
    let cur = t;
    let i = day.length - 1;
    while (i >= 0 && startOf(day[i]!) >= t) i--;
    for (; i >= 0; i--) {
      const o = day[i]!;
      const a = startOf(o);
      const Lo = c.len[o]!;
      if (a + Lo <= cur) break;
      if (c.pinnedWin[o]! >= 0) return false;
      const nw = this.windowEndingBy(o, base, cur);
      if (nw >= 0) {
        movers.push(o);
        moverTo.push(nw);
        cur = c.winKey[nw]! - base;
      } else ej.push(o);
    }
    // right side
    cur = t + L;
    for (let j = 0; j < day.length; j++) {
      const o = day[j]!;
      const a = startOf(o);
      if (a < t) continue;
      if (a >= cur) break;
      if (c.pinnedWin[o]! >= 0) return false;
      const nw = this.windowAtOrAfter(o, base, cur);
      if (nw >= 0) {
        movers.push(o);
        moverTo.push(nw);
        cur = c.winKey[nw]! - base + c.len[o]!;
      } else ej.push(o);
    }
    if (movers.length === 0 && ej.length === 0) return false;
    // a right-side mover may land beyond the day's later lessons only if they moved too; check
    // the plan is overlap-free by applying it and verifying the target slots are free
    this.journalS.length = 0;
    this.journalP.length = 0;
    for (const o of ej) {
      this.journalS.push(o);
      this.journalP.push(this.pos[o]!);
      this.remove(o);
    }
    for (const o of movers) {
      this.journalS.push(o);
      this.journalP.push(this.pos[o]!);
      this.remove(o);
    }
    this.journalS.push(s);
    this.journalP.push(this.pos[s]!);
    if (this.pos[s]! >= 0) this.remove(s);
    if (!this.isFree(s, w)) {
      this.undo();
      return false;
    }
    this.place(s, w);
    for (let k = 0; k < movers.length; k++) {
      if (!this.isFree(movers[k]!, moverTo[k]!)) {
        this.undo();
        return false;
      }
      this.place(movers[k]!, moverTo[k]!);
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
      const s = mov[(i + off) % n]!;
      if (this.pos[s]! >= 0) continue;
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

  protected undo(): void {
    const js = this.journalS;
    const jp = this.journalP;
    for (let i = js.length - 1; i >= 0; i--) if (this.pos[js[i]!]! >= 0) this.remove(js[i]!);
    for (let i = 0; i < js.length; i++) if (jp[i]! >= 0) this.place(js[i]!, jp[i]!);
  }
}
