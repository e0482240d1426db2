// Reads a Problem into the solver's working form: per student the lesson length in slots and the
// candidate windows (day, start slot) inside both the chosen times and the teacher's times,
// skipped students with their reason, pinned lessons, and independent groups of days.
// With a biweekly student the plan covers two weeks, A and B: a key is then week * WEEK_KEYS +
// day * 96 + start; a weekly student's windows are keyed in week A and also hold the same slots of
// week B (Core.both), a biweekly student has each window once in week A and once in week B.

import { chosenSource, DAYS, durationSlots, parseSlotLabel, ProblemInputError, SLOT_MINUTES, SLOTS_PER_DAY, timesToGrid } from './problem-input.js';
import type { Problem, ProblemStudent, Week } from './types.js';

/** Keys of one week (7 days of 96 slots); week B's keys follow week A's. */
export const WEEK_KEYS = DAYS * SLOTS_PER_DAY;

export type SkipKind = 'no-common-time' | 'too-long';

/**
 * The optimisation core: students that take part (active students with at least one window
 * left after pinned lessons are blocked, and the pinned students themselves), in member_id order.
 * A window is a key (week * WEEK_KEYS +) day * 96 + start slot.
 */
export interface Core {
  n: number;
  /** 1, or 2 when some student is biweekly (keys then run over weeks A and B). */
  weeks: number;
  /** per core student: 1 when its lesson holds its slots in both weeks (weekly in a two-week plan). */
  both: Uint8Array;
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
  /** per window: 1 when it is the student's lesson of the previous plan (kept there) */
  winPrev: Uint8Array;
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
  /** problem index -> the student's lesson in the previous plan (moved unless kept). */
  previous: Map<number, PreviousLesson>;
  /** 1, or 2 when some student is biweekly. */
  weeks: number;
  /** per problem student: 1 when biweekly */
  biweekly: Uint8Array;
  core: Core;
}

export interface PreviousLesson {
  /** day * 96 + start */
  key: number;
  /** the week of a biweekly lesson, null when not given */
  week: Week | null;
}

/** 1 for a biweekly student; throws on a frequency other than weekly, biweekly, absent or null. */
function isBiweekly(s: ProblemStudent): number {
  const f = s.frequency;
  if (f === undefined || f === null || f === 'weekly') return 0;
  if (f === 'biweekly') return 1;
  throw new ProblemInputError(`bad frequency ${JSON.stringify(f)} for ${s.member_id}`);
}

/** Week of a pinned or previous lesson: 'A' or 'B', null when absent or not one of them. */
function weekOf(lesson: { week?: unknown }): Week | null {
  return lesson.week === 'A' || lesson.week === 'B' ? lesson.week : null;
}

/** Plan keys of a core student's lesson at window w: its own key, and week B's for a weekly lesson in two weeks. */
export function lessonKeys(core: Core, s: number, w: number): number[] {
  return core.both[s] ? [core.winKey[w], core.winKey[w] + WEEK_KEYS] : [core.winKey[w]];
}

/** The keys a lesson of `len` slots at `key` holds: its own, plus week B's for a weekly lesson in two weeks. */
function heldKeys(key: number, len: number, both: boolean): number[] {
  const out: number[] = [];
  for (let k = key; k < key + len; k++) out.push(k);
  if (both) for (let k = key; k < key + len; k++) out.push(k + WEEK_KEYS);
  return out;
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
  const biweekly = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = students[i];
    if (s == null || typeof s.member_id !== 'string' || s.member_id === '') throw new ProblemInputError(`student #${i} has no member_id`);
    if (seen.has(s.member_id)) throw new ProblemInputError(`duplicate member_id ${s.member_id}`);
    seen.add(s.member_id);
    biweekly[i] = isBiweekly(s);
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

  const weeks = biweekly.includes(1) ? 2 : 1;
  const both = (i: number): boolean => weeks === 2 && !biweekly[i];
  // Pinned lessons: the first pin of a student wins; a pin that is malformed, names an unknown
  // student or overlaps an earlier pin (in member_id order) is ignored. A biweekly student's pin
  // is in its week ('A' when absent).
  const index = new Map<string, number>();
  students.forEach((s, i) => index.set(s.member_id, i));
  const pinned = new Map<number, number>();
  const pinOwner = new Int32Array(weeks * WEEK_KEYS).fill(-1);
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
    const key = (weeks === 2 && biweekly[i] && weekOf(pin) === 'B' ? WEEK_KEYS : 0) + day * SLOTS_PER_DAY + start;
    const held = heldKeys(key, len[i], both(i));
    if (held.some((k) => pinOwner[k] >= 0)) continue;
    for (const k of held) pinOwner[k] = i;
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
  // do not touch a pinned lesson (a biweekly student: each window in week A, then in week B).
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
    for (let week = 0; week < (weeks === 2 && biweekly[i] ? 2 : 1); week++)
      for (const key of windows[i]) {
        if (heldKeys(week * WEEK_KEYS + key, len[i], both(i)).every((k) => pinOwner[k] < 0)) keep.push(week * WEEK_KEYS + key);
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
  const coreBoth = new Uint8Array(cn);
  for (let c = 0; c < cn; c++) {
    winKey.set(coreWins[c], winStart[c]);
    coreLen[c] = len[coreStudents[c]];
    coreBoth[c] = both(coreStudents[c]) ? 1 : 0;
    if (pinned.has(coreStudents[c])) pinnedWin[c] = winStart[c];
  }
  const winPref = new Uint8Array(winKey.length);
  for (let c = 0; c < cn; c++) {
    const pref = preferred[coreStudents[c]];
    for (let w = winStart[c]; w < winStart[c + 1]; w++) {
      let inside = true;
      const key = winKey[w] % WEEK_KEYS;
      for (let k = key; k < key + coreLen[c]; k++)
        if (!pref[k]) {
          inside = false;
          break;
        }
      if (inside) winPref[w] = 1;
    }
  }
  const { winPrev, previous } = previousLessons(problem, index, coreStudents, winStart, winKey, biweekly);
  const core: Core = { n: cn, weeks, both: coreBoth, student: Int32Array.from(coreStudents), len: coreLen, winStart, winKey, pinnedWin, winPref, winPrev };
  return { problem, students, wiggle, teacher, chosen, len, windows, skipped, skipKind, active, pinned, preferred, previous, weeks, biweekly, core };
}

/**
 * Lessons of the previous plan: the first entry per known student counts; malformed entries are
 * ignored. A student whose previous lesson is no longer one of its windows can only move. A window
 * is the previous lesson when day and start match and, for a biweekly lesson, the week too (any
 * week when the previous lesson names none).
 */
function previousLessons(
  problem: Problem,
  index: Map<string, number>,
  coreStudents: number[],
  winStart: Int32Array,
  winKey: Int32Array,
  biweekly: Uint8Array,
): { winPrev: Uint8Array; previous: Map<number, PreviousLesson> } {
  const winPrev = new Uint8Array(winKey.length);
  const keyOf = new Map<number, PreviousLesson>();
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
    keyOf.set(i, { key: day * SLOTS_PER_DAY + start, week: weekOf(lesson) });
  }
  coreStudents.forEach((i, c) => {
    const prev = keyOf.get(i);
    if (prev === undefined) return;
    for (let w = winStart[c]; w < winStart[c + 1]; w++) {
      const week = winKey[w] >= WEEK_KEYS ? 'B' : 'A';
      if (winKey[w] % WEEK_KEYS === prev.key && (!biweekly[i] || prev.week === null || prev.week === week)) winPrev[w] = 1;
    }
  });
  return { winPrev, previous: keyOf };
}

/**
 * Idle slots of a set of lessons given as (key, len) pairs: per day last end - first start - lesson
 * slots. In a two-week plan (weeks 2) the days of week B follow those of week A.
 */
export function idleSlots(keys: ArrayLike<number>, lens: ArrayLike<number>, weeks = 1): number {
  const days = weeks * DAYS;
  const first = new Int32Array(days).fill(SLOTS_PER_DAY + 1);
  const last = new Int32Array(days).fill(-1);
  const occ = new Int32Array(days);
  for (let i = 0; i < keys.length; i++) {
    const d = Math.floor(keys[i] / SLOTS_PER_DAY);
    const t = keys[i] - d * SLOTS_PER_DAY;
    if (t < first[d]) first[d] = t;
    if (t + lens[i] > last[d]) last[d] = t + lens[i];
    occ[d] += lens[i];
  }
  let idle = 0;
  for (let d = 0; d < days; d++) if (last[d] >= 0) idle += last[d] - first[d] - occ[d];
  return idle;
}

export const minutes = (slots: number): number => slots * SLOT_MINUTES;
