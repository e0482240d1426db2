// Private helper: the quarter-hour grid the solver works on (label <-> slot) and the reading of a
// problem's times (SPEC "Time preferences", bench/README.md). Kept local to the solver on purpose:
// the solver runs in worker threads and its CLI alone, without the service's packages.

import type { Problem, ProblemStudent, TimeSource, TimesByDay } from '../types.js';

export const DAYS = 7;
export const SLOTS_PER_DAY = 96;
export const SLOT_MINUTES = 15;
/** Keys of one week (7 days of 96 slots); in a two-week plan week B's keys follow week A's. */
export const WEEK_KEYS = DAYS * SLOTS_PER_DAY;

export class ProblemInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProblemInputError';
  }
}

/** Slot index (0..96) -> label: 36 -> "9.00", 58 -> "14.30", 96 -> "24.00" (end labels only). */
export function slotLabel(slot: number): string {
  const h = Math.floor(slot / 4);
  const m = (slot % 4) * SLOT_MINUTES;
  return `${h}.${m === 0 ? '00' : String(m)}`;
}

/** Label -> slot index. Accepts "9.00", "09.00" and "9:00"; throws ProblemInputError otherwise. */
export function parseSlotLabel(label: unknown): number {
  if (typeof label !== 'string') throw new ProblemInputError(`time label must be a string, got ${JSON.stringify(label)}`);
  const match = /^\s*(\d{1,2})[.:](\d{2})\s*$/.exec(label);
  if (!match) throw new ProblemInputError(`bad time label ${JSON.stringify(label)}`);
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (m % SLOT_MINUTES !== 0 || m >= 60 || h > 24 || (h === 24 && m !== 0)) {
    throw new ProblemInputError(`bad time label ${JSON.stringify(label)}`);
  }
  return h * 4 + m / SLOT_MINUTES;
}

/** Day key ("0".."6") -> day number; throws on anything else. */
export function parseDayKey(key: string): number {
  if (!/^\s*\d+\s*$/.test(key)) throw new ProblemInputError(`bad day key ${JSON.stringify(key)}`);
  const day = Number(key);
  if (day < 0 || day >= DAYS) throw new ProblemInputError(`bad day key ${JSON.stringify(key)}`);
  return day;
}

/**
 * {"0": ["9.00", ...]} -> one flag per (day, slot): index day * 96 + slot. Labels past the end of
 * the day are rejected, duplicates are harmless.
 */
export function timesToGrid(times: TimesByDay | null | undefined): Uint8Array {
  const grid = new Uint8Array(DAYS * SLOTS_PER_DAY);
  if (times == null) return grid;
  if (typeof times !== 'object' || Array.isArray(times)) throw new ProblemInputError('times must be an object keyed by day');
  for (const [key, labels] of Object.entries(times)) {
    const day = parseDayKey(key);
    if (labels == null) continue;
    if (!Array.isArray(labels)) throw new ProblemInputError(`times of day ${key} must be a list of labels`);
    for (const label of labels) {
      const slot = parseSlotLabel(label);
      if (slot >= SLOTS_PER_DAY) throw new ProblemInputError(`slot label ${JSON.stringify(label)} is past the end of the day`);
      grid[day * SLOTS_PER_DAY + slot] = 1;
    }
  }
  return grid;
}

function hasLabels(times: TimesByDay | null | undefined): boolean {
  if (times == null || typeof times !== 'object') return false;
  return Object.values(times).some((labels) => Array.isArray(labels) && labels.length > 0);
}

/**
 * The source of a student's chosen times: timePreferences[member_id] when it names a source
 * (taken literally, even if empty), else available_times_user_input when it holds a label,
 * else available_times.
 */
export function chosenSource(problem: Problem, student: ProblemStudent): TimeSource {
  const pref = problem.timePreferences?.[student.member_id];
  if (pref === 'available_times' || pref === 'available_times_user_input') return pref;
  return hasLabels(student.available_times_user_input) ? 'available_times_user_input' : 'available_times';
}

/** Duration in minutes -> lesson length in slots; throws unless a positive multiple of 15 within a day. */
export function durationSlots(duration: unknown, memberId: string): number {
  if (
    typeof duration !== 'number' ||
    !Number.isInteger(duration) ||
    duration <= 0 ||
    duration % SLOT_MINUTES !== 0 ||
    duration > SLOTS_PER_DAY * SLOT_MINUTES
  ) {
    throw new ProblemInputError(`bad duration ${JSON.stringify(duration)} for ${memberId}`);
  }
  return duration / SLOT_MINUTES;
}
