/** Business constants of the weekly time grid (docs/product/limits.md "Time grid", "Visible range", "Durations"). */

/** Length of one slot in minutes. */
export const SLOT_MINUTES = 15;

/** Slots per day: index 0 (0.00) to 95 (23.45). */
export const SLOTS_PER_DAY = 96;

/** Days per week: index 0 (Monday) to 6 (Sunday). */
export const DAYS = 7;

/** End of a day in minutes (24:00). */
export const DAY_END_MINUTES = 1440;

/** Default visible slot range of the planner: 32 (8.00) to 76 (19.00). */
export const DEFAULT_VISIBLE_RANGE: Readonly<{ start: number; end: number }> = Object.freeze({ start: 32, end: 76 });

/** The student view pads its visible window by this many slots on each side. */
export const STUDENT_WINDOW_PADDING = 4;

/** Allowed lesson durations in minutes: 15 to 120 in steps of 15. */
export const ALLOWED_DURATIONS: readonly number[] = Object.freeze([15, 30, 45, 60, 75, 90, 105, 120]);

/** Default lesson duration in minutes (2 slots). */
export const DEFAULT_DURATION = 30;

/** Extra minutes offered by the "extended" time-range mode. */
export const EXTRA_TIME_OPTIONS: readonly number[] = Object.freeze([15, 30, 45, 60]);

/** Default extra minutes of the "extended" time-range mode. */
export const DEFAULT_EXTRA_MINUTES = 15;

/** Longest free text `parseTimesText` accepts. */
export const MAX_TIMES_TEXT_LENGTH = 10_000;

/** True when `minutes` is one of ALLOWED_DURATIONS. */
export function isAllowedDuration(minutes: unknown): minutes is number {
  return typeof minutes === 'number' && ALLOWED_DURATIONS.includes(minutes);
}

/**
 * Slots a lesson of `minutes` occupies: duration / 15, rounded up, at least 1 (docs/product/limits.md).
 * Non-finite or non-positive durations give 1.
 */
export function durationToSlots(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 1;
  return Math.max(1, Math.ceil(minutes / SLOT_MINUTES));
}
