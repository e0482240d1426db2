/**
 * Beyond the SPEC: how many unplaced students could take each free cell, so the teacher sees at a
 * glance where a lesson still fits and where extending their own times would help.
 */
import { DAYS, SLOTS_PER_DAY, type WeekSlots } from '@stundenplan/timegrid';

export interface CandidateStudent {
  memberId: string;
  /** The student's chosen times. */
  times: WeekSlots;
  /** Lesson length in slots. */
  length: number;
}

export type CandidateGrid = number[][];

export function emptyCandidateGrid(): CandidateGrid {
  return Array.from({ length: DAYS }, () => new Array<number>(SLOTS_PER_DAY).fill(0));
}

/**
 * counts[day][slot] = number of students with at least one window of their lesson length inside
 * their chosen times, clear of every occupied slot, that covers this slot. Occupied slots count 0.
 * The teacher's times are deliberately not applied: a high count outside them shows where adding
 * time would help.
 */
export function candidateCounts(students: readonly CandidateStudent[], occupied: WeekSlots): CandidateGrid {
  const counts = emptyCandidateGrid();
  for (const student of students) {
    if (student.length < 1) continue;
    const free = student.times.difference(occupied);
    const covered = Array.from({ length: DAYS }, () => new Uint8Array(SLOTS_PER_DAY));
    for (const w of free.windows(student.length)) {
      for (let slot = w.start; slot < w.start + student.length; slot++) covered[w.day]![slot] = 1;
    }
    for (let day = 0; day < DAYS; day++) {
      const row = covered[day]!;
      const out = counts[day]!;
      for (let slot = 0; slot < SLOTS_PER_DAY; slot++) if (row[slot]) out[slot]! += 1;
    }
  }
  return counts;
}

export function maxCandidates(grid: CandidateGrid): number {
  let max = 0;
  for (const row of grid) for (const n of row) if (n > max) max = n;
  return max;
}

/** Shading strength 0..1 for a count (0 stays unshaded). */
export function candidateShade(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.round((0.25 + 0.75 * (count / max)) * 100) / 100;
}
