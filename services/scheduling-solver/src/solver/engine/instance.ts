// Reads a Problem into the solver's working form: per student the lesson length in slots and the
// candidate windows (day, start slot) inside both the chosen times and the teacher's times,
// skipped students with their reason, pinned lessons and previous ones (given-lessons.ts).
// With a biweekly student the plan covers two weeks, A and B: a key is then week * WEEK_KEYS +
// day * 96 + start; a weekly student's windows are keyed in week A and also hold the same slots of
// week B (Core.both), a biweekly student has each window once in week A and once in week B.

import { at } from './at.js';
import { compareIds, heldKeys, previousLessons, readPins, type PlanWeeks, type PreviousLesson } from './given-lessons.js';
import { chosenSource, DAYS, durationSlots, ProblemInputError, SLOT_MINUTES, SLOTS_PER_DAY, timesToGrid, WEEK_KEYS } from './problem-input.js';
import type { Problem, ProblemStudent } from '../types.js';

export { WEEK_KEYS };
export type { PreviousLesson };

/** 'no-room': windows exist in the common times, but none of them starts at an allowed start. */
export type SkipKind = 'no-common-time' | 'too-long' | 'no-room';

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
  /** per problem student: allowed starts of week A (and of a weekly lesson) as a grid, null = every start */
  allowedA: (Uint8Array | null)[];
  /** per problem student: allowed starts of week B of a biweekly lesson, null = every start */
  allowedB: (Uint8Array | null)[];
  core: Core;
}

/** 1 for a biweekly student; throws on a frequency other than weekly, biweekly, absent or null. */
function isBiweekly(s: ProblemStudent): number {
  const f = s.frequency;
  if (f === undefined || f === null || f === 'weekly') return 0;
  if (f === 'biweekly') return 1;
  throw new ProblemInputError(`bad frequency ${JSON.stringify(f)} for ${s.member_id}`);
}

/** Plan keys of a core student's lesson at window w: its own key, and week B's for a weekly lesson in two weeks. */
export function lessonKeys(core: Core, s: number, w: number): number[] {
  return core.both[s] ? [core.winKey[w]!, core.winKey[w]! + WEEK_KEYS] : [core.winKey[w]!];
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

/** Per problem student: what its own input gives. */
interface StudentInput {
  len: Int32Array;
  chosen: Uint8Array[];
  preferred: Uint8Array[];
  windows: Int32Array[];
  skipped: number[];
  skipKind: Map<number, SkipKind>;
  biweekly: Uint8Array;
  allowedA: (Uint8Array | null)[];
  allowedB: (Uint8Array | null)[];
}

export function buildInstance(problem: Problem): Instance {
  const { students, wiggle, teacher } = readProblem(problem);
  const input = readStudents(problem, students, teacher);
  const { len, chosen, preferred, windows, skipped, skipKind, biweekly, allowedA, allowedB } = input;
  const weeks = biweekly.includes(1) ? 2 : 1;
  const plan: PlanWeeks = { weeks, biweekly, both: (i) => weeks === 2 && !biweekly[i] };
  const index = new Map<string, number>();
  students.forEach((s, i) => index.set(s.member_id, i));
  const { pinned, pinOwner } = readPins(problem, index, len, plan, (i, key) => startAllowed(input, i, key));
  const active = activeStudents(students.length, pinned, input);
  const { coreStudents, coreWins } = coreWindows(students, active, pinned, pinOwner, input, plan);
  const packed = packCore(coreStudents, coreWins, len, pinned, plan);
  const winPref = preferredWindows(packed, coreStudents, preferred);
  const { winPrev, previous } = previousLessons(problem, index, coreStudents, packed.winStart, packed.winKey, biweekly);
  const { both, len: coreLen, winStart, winKey, pinnedWin } = packed;
  const core: Core = {
    n: coreStudents.length,
    weeks,
    both,
    student: Int32Array.from(coreStudents),
    len: coreLen,
    winStart,
    winKey,
    pinnedWin,
    winPref,
    winPrev,
  };
  return {
    problem,
    students,
    wiggle,
    teacher,
    chosen,
    len,
    windows,
    skipped,
    skipKind,
    active,
    pinned,
    preferred,
    previous,
    weeks,
    biweekly,
    allowedA,
    allowedB,
    core,
  };
}

/** The problem's top level: the list of students, the wiggle room and the teacher's times. */
function readProblem(problem: Problem): { students: ProblemStudent[]; wiggle: number; teacher: Uint8Array } {
  if (problem == null || typeof problem !== 'object') throw new ProblemInputError('problem must be an object');
  const students = problem.students ?? [];
  if (!Array.isArray(students)) throw new ProblemInputError('students must be a list');
  const wiggleRaw = problem.wiggleRoom ?? 0;
  const wiggle = Number(wiggleRaw);
  if (!Number.isFinite(wiggle) || wiggle < 0) throw new ProblemInputError(`bad wiggleRoom ${JSON.stringify(wiggleRaw)}`);
  return { students, wiggle, teacher: timesToGrid(problem.teacherTimes) };
}

/** Every student's own input: a unique member_id, its frequency, lesson length, times and candidate windows; none: skipped. */
function readStudents(problem: Problem, students: ProblemStudent[], teacher: Uint8Array): StudentInput {
  const n = students.length;
  const out: StudentInput = {
    len: new Int32Array(n),
    chosen: [],
    preferred: [],
    windows: [],
    skipped: [],
    skipKind: new Map(),
    biweekly: new Uint8Array(n),
    allowedA: [],
    allowedB: [],
  };
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const s = students[i];
    if (s == null || typeof s.member_id !== 'string' || s.member_id === '') throw new ProblemInputError(`student #${i} has no member_id`);
    if (seen.has(s.member_id)) throw new ProblemInputError(`duplicate member_id ${s.member_id}`);
    seen.add(s.member_id);
    out.biweekly[i] = isBiweekly(s);
    out.len[i] = durationSlots(s.duration, s.member_id);
    const source = chosenSource(problem, s);
    const grid = timesToGrid(s[source]);
    out.chosen.push(grid);
    out.preferred.push(timesToGrid(source === 'available_times' ? s.preferred_times : s.preferred_times_user_input));
    const allowed = new Uint8Array(grid.length);
    let common = false;
    for (let k = 0; k < grid.length; k++) {
      if (grid[k] && teacher[k]) {
        allowed[k] = 1;
        common = true;
      }
    }
    const a = s.allowed_starts == null ? null : timesToGrid(s.allowed_starts);
    const b = out.biweekly[i] && s.allowed_starts_b != null ? timesToGrid(s.allowed_starts_b) : a;
    out.allowedA.push(a);
    out.allowedB.push(b);
    const all = candidateWindows(allowed, out.len[i]!);
    // A window counts when its start is allowed in some week (coreWindows filters per week).
    const w = a === null || b === null ? all : all.filter((k) => a[k] === 1 || b[k] === 1);
    out.windows.push(w);
    if (w.length === 0) {
      out.skipped.push(i);
      out.skipKind.set(i, all.length > 0 ? 'no-room' : common ? 'too-long' : 'no-common-time');
    }
  }
  return out;
}

/** Whether student i may start a lesson at plan key `key` (week B's keys follow week A's). */
function startAllowed(input: StudentInput, i: number, key: number): boolean {
  const grid = key >= WEEK_KEYS ? input.allowedB[i] : input.allowedA[i];
  return grid == null || grid[key % WEEK_KEYS] === 1;
}

/** The active students in input order: all but the skipped ones; a pinned student is placed (no longer skipped) even when its own times would have skipped it. */
function activeStudents(n: number, pinned: Map<number, number>, input: StudentInput): number[] {
  for (const i of pinned.keys()) {
    const k = input.skipped.indexOf(i);
    if (k >= 0) {
      input.skipped.splice(k, 1);
      input.skipKind.delete(i);
    }
  }
  const skippedSet = new Set(input.skipped);
  const active: number[] = [];
  for (let i = 0; i < n; i++) if (!skippedSet.has(i)) active.push(i);
  return active;
}

/**
 * The core students in member_id order with their windows: pinned students keep their pin, the
 * others keep the windows that do not touch a pinned lesson (a biweekly student: each window in week
 * A, then in week B); a student left without a window is not in the core.
 */
function coreWindows(
  students: ProblemStudent[],
  active: number[],
  pinned: Map<number, number>,
  pinOwner: Int32Array,
  input: StudentInput,
  plan: PlanWeeks,
): { coreStudents: number[]; coreWins: number[][] } {
  const order = active.slice().sort((a, b) => compareIds(at(students, a).member_id, at(students, b).member_id));
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
    const L = input.len[i]!;
    for (let week = 0; week < (plan.weeks === 2 && plan.biweekly[i] ? 2 : 1); week++)
      for (const key of at(input.windows, i)) {
        if (!startAllowed(input, i, week * WEEK_KEYS + key)) continue;
        if (heldKeys(week * WEEK_KEYS + key, L, plan.both(i)).every((k) => pinOwner[k]! < 0)) keep.push(week * WEEK_KEYS + key);
      }
    if (keep.length > 0) {
      coreStudents.push(i);
      coreWins.push(keep);
    }
  }
  return { coreStudents, coreWins };
}

type PackedCore = Pick<Core, 'both' | 'len' | 'winStart' | 'winKey' | 'pinnedWin'>;

/** The core's windows as CSR arrays, with each core student's lesson length, both-weeks flag and pinned window. */
function packCore(coreStudents: number[], coreWins: number[][], len: Int32Array, pinned: Map<number, number>, plan: PlanWeeks): PackedCore {
  const cn = coreStudents.length;
  const winStart = new Int32Array(cn + 1);
  for (let c = 0; c < cn; c++) winStart[c + 1] = winStart[c]! + at(coreWins, c).length;
  const winKey = new Int32Array(winStart[cn]!);
  const pinnedWin = new Int32Array(cn).fill(-1);
  const coreLen = new Int32Array(cn);
  const coreBoth = new Uint8Array(cn);
  for (let c = 0; c < cn; c++) {
    const i = at(coreStudents, c);
    winKey.set(at(coreWins, c), winStart[c]);
    coreLen[c] = len[i]!;
    coreBoth[c] = plan.both(i) ? 1 : 0;
    if (pinned.has(i)) pinnedWin[c] = winStart[c]!;
  }
  return { both: coreBoth, len: coreLen, winStart, winKey, pinnedWin };
}

/** Per window: 1 when the lesson lies entirely inside the student's preferred times. */
function preferredWindows(core: PackedCore, coreStudents: number[], preferred: Uint8Array[]): Uint8Array {
  const { winStart, winKey, len } = core;
  const winPref = new Uint8Array(winKey.length);
  for (let c = 0; c < coreStudents.length; c++) {
    const pref = at(preferred, at(coreStudents, c));
    for (let w = winStart[c]!; w < winStart[c + 1]!; w++) {
      let inside = true;
      const key = winKey[w]! % WEEK_KEYS;
      for (let k = key; k < key + len[c]!; k++)
        if (!pref[k]) {
          inside = false;
          break;
        }
      if (inside) winPref[w] = 1;
    }
  }
  return winPref;
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
    const d = Math.floor(keys[i]! / SLOTS_PER_DAY);
    const t = keys[i]! - d * SLOTS_PER_DAY;
    if (t < first[d]!) first[d] = t;
    if (t + lens[i]! > last[d]!) last[d] = t + lens[i]!;
    occ[d]! += lens[i]!;
  }
  let idle = 0;
  for (let d = 0; d < days; d++) if (last[d]! >= 0) idle += last[d]! - first[d]! - occ[d]!;
  return idle;
}

export const minutes = (slots: number): number => slots * SLOT_MINUTES;
