/**
 * Make-up lessons (docs/product/semester.md "Make-up lessons"): the valid times for one member's make-up,
 * from the solver's own model. The candidate windows are the solver instance's windows of that student (inside
 * the student's chosen times and the teacher's times of the class, whole lesson length), the cost is the
 * solver's idle measure (idleSlots: per day the span from first to last lesson minus the time taught) added
 * to the teacher's day by the lesson. Dates, holidays, breaks and the teacher's other lessons come from the
 * caller (notification knows the semester and every sent plan); this module only places.
 */
import { buildInstance, idleSlots, minutes } from '../solver/engine/instance.js';
import { DAYS, SLOTS_PER_DAY } from '../solver/engine/problem-input.js';
import type { Problem, TimeSource } from '../solver/types.js';

export interface MakeupDayInput {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Monday .. 6 = Sunday */
  weekday: number;
  /** The teacher's other lessons that day, quarter hours from midnight, end exclusive. */
  busy: { start: number; end: number }[];
}

export interface MakeupCandidate {
  date: string;
  start: number;
  end: number;
  idleAddedMinutes: number;
}

export interface MakeupModelInput {
  /** The teacher's times of the class and the student's times, as the solver's problem holds them. */
  teacherTimes: Problem['teacherTimes'];
  student: Problem['students'][number];
  source: TimeSource;
}

/** The student's candidate windows (day * 96 + start) and lesson length in slots, from the solver's instance. */
export function makeupWindows(input: MakeupModelInput): { windows: Int32Array; len: number } {
  const problem: Problem = {
    wiggleRoom: 0,
    teacherTimes: input.teacherTimes,
    // A make-up is one lesson on one date: the weekly frequency of the plan does not apply.
    students: [{ ...input.student, frequency: 'weekly' }],
    timePreferences: { [input.student.member_id]: input.source },
  };
  const inst = buildInstance(problem);
  return { windows: inst.windows[0] ?? new Int32Array(0), len: inst.len[0] ?? 0 };
}

/** Idle quarter hours of one day's lessons by the solver's measure. */
export function dayIdle(intervals: readonly { start: number; end: number }[]): number {
  return idleSlots(
    intervals.map((i) => i.start),
    intervals.map((i) => i.end - i.start),
  );
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/** Best first: fewest idle minutes added, then earliest (date, then start). */
const byCost = (a: MakeupCandidate, b: MakeupCandidate): number => a.idleAddedMinutes - b.idleAddedMinutes || a.date.localeCompare(b.date) || a.start - b.start;

/** Every valid time over the given days (or the best `limit`), best first. */
export function makeupCandidates(model: { windows: Int32Array; len: number }, days: readonly MakeupDayInput[], limit = 0): MakeupCandidate[] {
  const byDay: number[][] = Array.from({ length: DAYS }, () => []);
  for (const key of model.windows) byDay[Math.floor(key / SLOTS_PER_DAY)]!.push(key % SLOTS_PER_DAY);
  const out: MakeupCandidate[] = [];
  if (model.len <= 0) return out;
  for (const d of days) {
    if (!Number.isInteger(d.weekday) || d.weekday < 0 || d.weekday >= DAYS) continue;
    const busy = d.busy.filter((b) => b.end > b.start);
    const before = dayIdle(busy);
    for (const start of byDay[d.weekday]!) {
      const lesson = { start, end: start + model.len };
      if (busy.some((b) => overlaps(b, lesson))) continue;
      out.push({ date: d.date, start, end: lesson.end, idleAddedMinutes: minutes(dayIdle([...busy, lesson]) - before) });
    }
  }
  out.sort(byCost);
  return limit > 0 ? out.slice(0, limit) : out;
}
