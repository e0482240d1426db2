// Lessons a problem brings along: pinned lessons (they stay where they are) and the lessons of a
// previous plan (kept where possible), read into plan keys (week * WEEK_KEYS + day * 96 + start).

import { DAYS, parseSlotLabel, SLOTS_PER_DAY, WEEK_KEYS } from './problem-input.js';
import type { Problem, Week } from '../types.js';

/** The plan's weeks (1, or 2 with a biweekly student) and who holds a lesson in both of them. */
export interface PlanWeeks {
  weeks: number;
  biweekly: Uint8Array;
  /** a weekly student in a two-week plan: its lesson holds its slots in both weeks */
  both: (i: number) => boolean;
}

/** A student's lesson in the previous plan (moved unless kept). */
export interface PreviousLesson {
  /** day * 96 + start */
  key: number;
  /** the week of a biweekly lesson, null when not given */
  week: Week | null;
}

/** Week of a pinned or previous lesson: 'A' or 'B', null when absent or not one of them. */
function weekOf(lesson: { week?: unknown }): Week | null {
  return lesson.week === 'A' || lesson.week === 'B' ? lesson.week : null;
}

/** The keys a lesson of `len` slots at `key` holds: its own, plus week B's for a weekly lesson in two weeks. */
export function heldKeys(key: number, len: number, both: boolean): number[] {
  const out: number[] = [];
  for (let k = key; k < key + len; k++) out.push(k);
  if (both) for (let k = key; k < key + len; k++) out.push(k + WEEK_KEYS);
  return out;
}

/** Plain code-unit order of member ids (the order of the core and of the pins). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Pinned lessons (problem index -> key) and the pinned student holding each key (or -1): the first
 * pin of a student wins; a pin that is malformed, names an unknown student or overlaps an earlier
 * pin (in member_id order) is ignored, and so is a pin at a start the student's allowed starts
 * (`startOk`) exclude. A biweekly student's pin is in its week ('A' when absent).
 */
export function readPins(
  problem: Problem,
  index: Map<string, number>,
  len: Int32Array,
  plan: PlanWeeks,
  startOk: (i: number, key: number) => boolean = () => true,
): { pinned: Map<number, number>; pinOwner: Int32Array } {
  const pinned = new Map<number, number>();
  const pinOwner = new Int32Array(plan.weeks * WEEK_KEYS).fill(-1);
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
    if (start + len[i]! > SLOTS_PER_DAY) continue;
    const key = (plan.weeks === 2 && plan.biweekly[i] && weekOf(pin) === 'B' ? WEEK_KEYS : 0) + day * SLOTS_PER_DAY + start;
    if (!startOk(i, key)) continue;
    const held = heldKeys(key, len[i]!, plan.both(i));
    if (held.some((k) => pinOwner[k]! >= 0)) continue;
    for (const k of held) pinOwner[k] = i;
    pinned.set(i, key);
  }
  return { pinned, pinOwner };
}

/**
 * Lessons of the previous plan: the first entry per known student counts; malformed entries are
 * ignored. A student whose previous lesson is no longer one of its windows can only move. A window
 * is the previous lesson when day and start match and, for a biweekly lesson, the week too (any
 * week when the previous lesson names none).
 */
export function previousLessons(
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
    for (let w = winStart[c]!; w < winStart[c + 1]!; w++) {
      const week = winKey[w]! >= WEEK_KEYS ? 'B' : 'A';
      if (winKey[w]! % WEEK_KEYS === prev.key && (!biweekly[i] || prev.week === null || prev.week === week)) winPrev[w] = 1;
    }
  });
  return { winPrev, previous: keyOf };
}
