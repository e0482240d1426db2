// Reads a Problem into the solver's working form: per student the lesson length in slots and the
// candidate windows (day, start slot) inside both the chosen times and the teacher's times,
// skipped students with their reason, pinned lessons, and independent groups of days.

import { chosenSource, DAYS, durationSlots, parseSlotLabel, ProblemInputError, SLOT_MINUTES, SLOTS_PER_DAY, timesToGrid } from './problem-input.js';
import type { Problem, ProblemStudent } from './types.js';

export type SkipKind = 'no-common-time' | 'too-long';

/**
 * The optimisation core: students that take part (active students with at least one window
 * left after pinned lessons are blocked, and the pinned students themselves), in member_id order.
 * A window is a key day * 96 + start slot.
 */
export interface Core {
  n: number;
  /** core index -> index into problem.students */
  student: Int32Array;
  /** lesson length in slots */
  len: Int32Array;
  /** CSR offsets into winKey, length n + 1 */
  winStart: Int32Array;
  /** window keys (day * 96 + start), sorted per student */
  winKey: Int32Array;
  /** index into winKey of the forced window of a pinned student, else -1 */
  pinnedWin: Int32Array;
  /** per window: 1 when the lesson lies entirely inside the student's preferred times */
  winPref: Uint8Array;
  /** index into winKey of the student's lesson in the previous plan, else -1 */
  prevWin: Int32Array;
}

export interface Instance {
  problem: Problem;
  students: ProblemStudent[];
  wiggle: number;
  teacher: Uint8Array;
  /** per problem student: chosen times as a day * 96 + slot grid */
  chosen: Uint8Array[];
  /** per problem student: lesson length in slots */
  len: Int32Array;
  /** per problem student: all candidate windows, ignoring other lessons (bench definition) */
  windows: Int32Array[];
  /** problem indices of students without any window, in input order */
  skipped: number[];
  skipKind: Map<number, SkipKind>;
  /** problem indices of active students (window or pin), in input order */
  active: number[];
  /** problem index -> pinned window key */
  pinned: Map<number, number>;
  /** per problem student: preferred part of the chosen times (day * 96 + slot grid) */
  preferred: Uint8Array[];
  /** problem index -> window key of the student's lesson in the previous plan (moved unless kept). */
  previous: Map<number, number>;
  core: Core;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Candidate windows of one student: start slots where len slots in a row are allowed. */
function candidateWindows(allowed: Uint8Array, len: number): Int32Array {
  const out: number[] = [];
  for (let d = 0; d < DAYS; d++) {
    let run = 0;
    const base = d * SLOTS_PER_DAY;
    for (let t = 0; t < SLOTS_PER_DAY; t++) {
      run = allowed[base + t] ? run + 1 : 0;
      if (run >= len) out.push(base + t - len + 1);
    }
  }
  return Int32Array.from(out);
}

export function buildInstance(problem: Problem): Instance {
  if (problem == null || typeof problem !== 'object') throw new ProblemInputError('problem must be an object');
  const students = problem.students ?? [];
  if (!Array.isArray(students)) throw new ProblemInputError('students must be a list');
  const wiggleRaw = problem.wiggleRoom ?? 0;
  const wiggle = Number(wiggleRaw);
  if (!Number.isFinite(wiggle) || wiggle < 0) throw new ProblemInputError(`bad wiggleRoom ${JSON.stringify(wiggleRaw)}`);
  const teacher = timesToGrid(problem.teacherTimes);

  const seen = new Set<string>();
  const n = students.length;
  const len = new Int32Array(n);
  const chosen: Uint8Array[] = [];
  const preferred: Uint8Array[] = [];
  const windows: Int32Array[] = [];
  const skipped: number[] = [];
  const skipKind = new Map<number, SkipKind>();
  for (let i = 0; i < n; i++) {
    const s = students[i];
    if (s == null || typeof s.member_id !== 'string' || s.member_id === '') throw new ProblemInputError(`student #${i} has no member_id`);
    if (seen.has(s.member_id)) throw new ProblemInputError(`duplicate member_id ${s.member_id}`);
    seen.add(s.member_id);
    len[i] = durationSlots(s.duration, s.member_id);
    const source = chosenSource(problem, s);
    const grid = timesToGrid(s[source]);
    chosen.push(grid);
    preferred.push(timesToGrid(source === 'available_times' ? s.preferred_times : s.preferred_times_user_input));
    const allowed = new Uint8Array(grid.length);
    let common = false;
    for (let k = 0; k < grid.length; k++) {
      if (grid[k] && teacher[k]) {
        allowed[k] = 1;
        common = true;
      }
    }
    const w = candidateWindows(allowed, len[i]);
    windows.push(w);
    if (w.length === 0) {
      skipped.push(i);
      skipKind.set(i, common ? 'too-long' : 'no-common-time');
    }
  }

  // Pinned lessons: the first pin of a student wins; a pin that is malformed, names an unknown
  // student or overlaps an earlier pin (in member_id order) is ignored.
  const index = new Map<string, number>();
  students.forEach((s, i) => index.set(s.member_id, i));
  const pinned = new Map<number, number>();
  const pinOwner = new Int32Array(DAYS * SLOTS_PER_DAY).fill(-1);
  const pins = Array.isArray(problem.pinned) ? [...problem.pinned] : [];
  pins.sort((a, b) => compareIds(String(a?.member_id), String(b?.member_id)));
  for (const pin of pins) {
    const i = index.get(String(pin?.member_id));
    if (i === undefined || pinned.has(i)) continue;
    const day = Number(pin.day);
    if (!Number.isInteger(day) || day < 0 || day >= DAYS) continue;
    let start: number;
    try {
      start = parseSlotLabel(pin.start);
    } catch {
      continue;
    }
    if (start + len[i] > SLOTS_PER_DAY) continue;
    const key = day * SLOTS_PER_DAY + start;
    let free = true;
    for (let k = key; k < key + len[i]; k++)
      if (pinOwner[k] >= 0) {
        free = false;
        break;
      }
    if (!free) continue;
    for (let k = key; k < key + len[i]; k++) pinOwner[k] = i;
    pinned.set(i, key);
  }
  // A pinned student is placed even when its own times would have skipped it.
  for (const i of pinned.keys()) {
    const at = skipped.indexOf(i);
    if (at >= 0) {
      skipped.splice(at, 1);
      skipKind.delete(i);
    }
  }
  const skippedSet = new Set(skipped);
  const active: number[] = [];
  for (let i = 0; i < n; i++) if (!skippedSet.has(i)) active.push(i);

  // Core, in member_id order: pinned students keep their pin, the others keep the windows that
  // do not touch a pinned lesson.
  const order = active.slice().sort((a, b) => compareIds(students[a].member_id, students[b].member_id));
  const coreStudents: number[] = [];
  const coreWins: number[][] = [];
  for (const i of order) {
    const pin = pinned.get(i);
    if (pin !== undefined) {
      coreStudents.push(i);
      coreWins.push([pin]);
      continue;
    }
    const keep: number[] = [];
    for (const key of windows[i]) {
      let free = true;
      for (let k = key; k < key + len[i]; k++)
        if (pinOwner[k] >= 0) {
          free = false;
          break;
        }
      if (free) keep.push(key);
    }
    if (keep.length > 0) {
      coreStudents.push(i);
      coreWins.push(keep);
    }
  }
  const cn = coreStudents.length;
  const winStart = new Int32Array(cn + 1);
  for (let c = 0; c < cn; c++) winStart[c + 1] = winStart[c] + coreWins[c].length;
  const winKey = new Int32Array(winStart[cn]);
  const pinnedWin = new Int32Array(cn).fill(-1);
  const coreLen = new Int32Array(cn);
  for (let c = 0; c < cn; c++) {
    winKey.set(coreWins[c], winStart[c]);
    coreLen[c] = len[coreStudents[c]];
    if (pinned.has(coreStudents[c])) pinnedWin[c] = winStart[c];
  }
  const winPref = new Uint8Array(winKey.length);
  for (let c = 0; c < cn; c++) {
    const pref = preferred[coreStudents[c]];
    for (let w = winStart[c]; w < winStart[c + 1]; w++) {
      let inside = true;
      for (let k = winKey[w]; k < winKey[w] + coreLen[c]; k++)
        if (!pref[k]) {
          inside = false;
          break;
        }
      if (inside) winPref[w] = 1;
    }
  }
  const { prevWin, previous } = previousLessons(problem, index, coreStudents, winStart, winKey);
  const core: Core = { n: cn, student: Int32Array.from(coreStudents), len: coreLen, winStart, winKey, pinnedWin, winPref, prevWin };
  return { problem, students, wiggle, teacher, chosen, len, windows, skipped, skipKind, active, pinned, preferred, previous, core };
}

/**
 * Lessons of the previous plan: the first entry per known student counts; malformed entries are
 * ignored. A student whose previous lesson is no longer one of its windows can only move.
 */
function previousLessons(
  problem: Problem,
  index: Map<string, number>,
  coreStudents: number[],
  winStart: Int32Array,
  winKey: Int32Array,
): { prevWin: Int32Array; previous: Map<number, number> } {
  const prevWin = new Int32Array(coreStudents.length).fill(-1);
  const keyOf = new Map<number, number>();
  for (const lesson of Array.isArray(problem.previous) ? problem.previous : []) {
    const i = index.get(String(lesson?.member_id));
    if (i === undefined || keyOf.has(i)) continue;
    const day = Number(lesson.day);
    let start: number;
    try {
      start = parseSlotLabel(lesson.start);
    } catch {
      continue;
    }
    if (!Number.isInteger(day) || day < 0 || day >= DAYS || start >= SLOTS_PER_DAY) continue;
    keyOf.set(i, day * SLOTS_PER_DAY + start);
  }
  coreStudents.forEach((i, c) => {
    const key = keyOf.get(i);
    if (key === undefined) return;
    for (let w = winStart[c]; w < winStart[c + 1]; w++)
      if (winKey[w] === key) {
        prevWin[c] = w;
        break;
      }
  });
  return { prevWin, previous: keyOf };
}

/** Idle slots of a set of lessons given as (key, len) pairs: per day last end - first start - lesson slots. */
export function idleSlots(keys: ArrayLike<number>, lens: ArrayLike<number>): number {
  const first = new Int32Array(DAYS).fill(SLOTS_PER_DAY + 1);
  const last = new Int32Array(DAYS).fill(-1);
  const occ = new Int32Array(DAYS);
  for (let i = 0; i < keys.length; i++) {
    const d = Math.floor(keys[i] / SLOTS_PER_DAY);
    const t = keys[i] - d * SLOTS_PER_DAY;
    if (t < first[d]) first[d] = t;
    if (t + lens[i] > last[d]) last[d] = t + lens[i];
    occ[d] += lens[i];
  }
  let idle = 0;
  for (let d = 0; d < DAYS; d++) if (last[d] >= 0) idle += last[d] - first[d] - occ[d];
  return idle;
}

export const minutes = (slots: number): number => slots * SLOT_MINUTES;
