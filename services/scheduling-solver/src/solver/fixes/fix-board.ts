// The plan as a board for proposing fixes (fixes.ts): who holds which quarter hour, the windows a
// student would have under changed times, and the two constructions that place one more student
// without any search: straight into a free window, or after moving exactly one other lesson.
// Keys are day * 96 + slot, plus WEEK_KEYS for week B in a two-week plan (instance.ts).

import { idleSlots, WEEK_KEYS, type Instance } from '../engine/instance.js';
import { DAYS, parseSlotLabel, SLOTS_PER_DAY } from '../engine/problem-input.js';
import type { Placement } from '../types.js';

/** A continuous span of quarter hours [a, b) of one day. */
export interface Span {
  day: number;
  a: number;
  b: number;
}

/** One way to place student u: at key uKey, after moving student `move.o` to `move.key` (if given). */
export interface Option {
  uKey: number;
  move?: { o: number; key: number };
}

export class Board {
  readonly weeks: number;
  /** per problem student: key of its lesson, or -1 */
  readonly at: Int32Array;
  /** per key: problem index of the lesson holding it, or -1 */
  readonly occ: Int32Array;

  constructor(
    readonly inst: Instance,
    placements: readonly Placement[],
  ) {
    this.weeks = inst.weeks;
    this.at = new Int32Array(inst.students.length).fill(-1);
    this.occ = new Int32Array(this.weeks * WEEK_KEYS).fill(-1);
    const index = new Map(inst.students.map((s, i) => [s.member_id, i]));
    for (const p of placements) {
      const i = index.get(p.member_id);
      if (i === undefined) continue;
      const key = (p.week === 'B' ? WEEK_KEYS : 0) + p.day * SLOTS_PER_DAY + parseSlotLabel(p.start);
      this.at[i] = key;
      for (const k of this.held(i, key, inst.len[i]!)) this.occ[k] = i;
    }
  }

  /** The lesson of student i is in both weeks (weekly in a two-week plan). */
  both(i: number): boolean {
    return this.weeks === 2 && !this.inst.biweekly[i];
  }

  /** Keys a lesson of `len` slots of student i at `key` holds. */
  held(i: number, key: number, len: number): number[] {
    const out: number[] = [];
    for (let k = key; k < key + len; k++) out.push(k);
    if (this.both(i)) for (let k = key; k < key + len; k++) out.push(k + WEEK_KEYS);
    return out;
  }

  /** Window keys (with week B's for a biweekly student) of `len` slots where every slot passes ok (day * 96 + slot). */
  windows(i: number, len: number, ok: (k: number) => boolean): number[] {
    const out: number[] = [];
    for (let d = 0; d < DAYS; d++) {
      let run = 0;
      for (let t = 0; t < SLOTS_PER_DAY; t++) {
        run = ok(d * SLOTS_PER_DAY + t) ? run + 1 : 0;
        if (run >= len) out.push(d * SLOTS_PER_DAY + t - len + 1);
      }
    }
    // Only starts the student's allowed starts keep (a free suitable room); week B's for a biweekly lesson.
    const a = this.inst.allowedA[i] ?? null;
    const b = this.inst.allowedB[i] ?? null;
    const inA = a === null ? out : out.filter((k) => a[k] === 1);
    if (this.weeks === 2 && this.inst.biweekly[i]) return [...inA, ...(b === null ? out : out.filter((k) => b[k] === 1)).map((k) => k + WEEK_KEYS)];
    return inA;
  }

  /** Every key is free or held by `ignore`. */
  free(keys: readonly number[], ignore = -1): boolean {
    return keys.every((k) => this.occ[k]! < 0 || this.occ[k] === ignore);
  }

  /** Idle slots of the plan with student u added at uKey (length uLen) and the optional move applied. */
  idleWith(u: number, uKey: number, uLen: number, move?: { o: number; key: number }): number {
    const keys: number[] = [];
    const lens: number[] = [];
    const add = (i: number, key: number, len: number): void => {
      keys.push(key);
      lens.push(len);
      if (this.both(i)) {
        keys.push(key + WEEK_KEYS);
        lens.push(len);
      }
    };
    this.at.forEach((key, i) => {
      if (key >= 0) add(i, move && move.o === i ? move.key : key, this.inst.len[i]!);
    });
    add(u, uKey, uLen);
    return idleSlots(keys, lens, this.weeks);
  }

  /** u straight into a free window. */
  direct(u: number, uLen: number, uKeys: readonly number[]): Option[] {
    return uKeys.filter((key) => this.free(this.held(u, key, uLen))).map((uKey) => ({ uKey }));
  }

  /**
   * u into a window held by exactly one other lesson, which moves to one of `otherKeys(o)` (free
   * apart from its own slots and away from u's window). Pinned lessons move only with `pinnedToo`.
   */
  oneMove(u: number, uLen: number, uKeys: readonly number[], otherKeys: (o: number) => readonly number[], pinnedToo: boolean): Option[] {
    const out: Option[] = [];
    for (const uKey of uKeys) {
      const uHeld = this.held(u, uKey, uLen);
      const owners = new Set(uHeld.map((k) => this.occ[k]!).filter((o) => o >= 0));
      if (owners.size !== 1) continue;
      const o = owners.values().next().value!;
      if (!pinnedToo && this.inst.pinned.has(o)) continue;
      const taken = new Set(uHeld);
      for (const key of otherKeys(o)) {
        if (key === this.at[o]) continue;
        const held = this.held(o, key, this.inst.len[o]!);
        if (this.free(held, o) && !held.some((k) => taken.has(k))) out.push({ uKey, move: { o, key } });
      }
    }
    return out;
  }
}

/** The span of the slots of a window (key, len) that fail `has`, or null when none does. */
export function missingSpan(key: number, len: number, has: (k: number) => boolean): Span | null {
  const dayKey = key % WEEK_KEYS;
  const day = (dayKey / SLOTS_PER_DAY) | 0;
  let a = -1;
  let b = -1;
  for (let k = dayKey; k < dayKey + len; k++)
    if (!has(k)) {
      if (a < 0) a = k;
      b = k + 1;
    }
  return a < 0 ? null : { day, a: a - day * SLOTS_PER_DAY, b: b - day * SLOTS_PER_DAY };
}

export const spanLength = (s: Span): number => s.b - s.a;
export const spanId = (s: Span): string => `${s.day}:${s.a}:${s.b}`;
