// Builders for small hand-made problems (tests and benchmarks).

import { parseSlotLabel, slotLabel } from '../engine/problem-input.js';
import type { PinnedLesson, Problem, ProblemStudent, TimesByDay } from '../types.js';

/** Labels of the slots from `from` (inclusive) to `to` (exclusive): range('9.00', '10.00') = 4 labels. */
export function range(from: string, to: string): string[] {
  const out: string[] = [];
  for (let s = parseSlotLabel(from); s < parseSlotLabel(to); s++) out.push(slotLabel(s));
  return out;
}

/** {day: [[from, to], ...]} -> TimesByDay */
export function times(spec: Record<number, [string, string][]>): TimesByDay {
  const out: TimesByDay = {};
  for (const [day, spans] of Object.entries(spec)) out[day] = spans.flatMap(([a, b]) => range(a, b));
  return out;
}

export function student(
  id: string,
  name: string,
  duration: number,
  available: Record<number, [string, string][]>,
  userInput: Record<number, [string, string][]> = {},
): ProblemStudent {
  return { member_id: id, name, duration, available_times: times(available), available_times_user_input: times(userInput) };
}

export function problem(
  teacher: Record<number, [string, string][]>,
  students: ProblemStudent[],
  extra: { wiggleRoom?: number; timePreferences?: Record<string, string>; pinned?: PinnedLesson[] } = {},
): Problem {
  return {
    wiggleRoom: extra.wiggleRoom ?? 0,
    teacherTimes: times(teacher),
    students,
    timePreferences: extra.timePreferences ?? {},
    ...(extra.pinned ? { pinned: extra.pinned } : {}),
  };
}

/** Deterministic pseudo-random problem: n students, given durations, `days` teacher days 8.00-20.00. */
export function randomProblem(n: number, durations: number[], seed: number, days = 5, wiggleRoom = 3): Problem {
  let a = seed >>> 0;
  const rnd = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const teacher: Record<number, [string, string][]> = {};
  for (let d = 0; d < days; d++) teacher[d] = [['8.00', '20.00']];
  const students: ProblemStudent[] = [];
  for (let i = 0; i < n; i++) {
    const avail: Record<number, [string, string][]> = {};
    const nd = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < nd; k++) {
      const d = Math.floor(rnd() * days);
      const start = 32 + Math.floor(rnd() * 40);
      const len = 8 + Math.floor(rnd() * 24);
      avail[d] = [...(avail[d] ?? []), [slotLabel(start), slotLabel(Math.min(84, start + len))]];
    }
    const id = `s${String(i).padStart(3, '0')}-${Math.floor(rnd() * 1e9).toString(36)}`;
    students.push(student(id, `Schüler ${i}`, durations[i % durations.length]!, avail));
  }
  return { wiggleRoom, teacherTimes: times(teacher), students, timePreferences: {} };
}
