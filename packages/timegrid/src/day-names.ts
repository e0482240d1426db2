/** German day names; day index 0 = Monday ... 6 = Sunday (docs/product/data.md, docs/product/limits.md). */
import { DAYS } from './constants.js';
import { assertIntegerInRange } from './timegrid-error.js';

export const DAY_NAMES: readonly string[] = Object.freeze(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);

export const DAY_SHORT: readonly string[] = Object.freeze(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);

/** Upper-case names used as keys of the planner's working form (docs/product/times.md "Planner"). */
export const DAY_NAMES_UPPER: readonly string[] = Object.freeze(DAY_NAMES.map((name) => name.toUpperCase()));

/** True for an integer 0..6. */
export function isValidDay(day: unknown): day is number {
  return typeof day === 'number' && Number.isInteger(day) && day >= 0 && day < DAYS;
}

/** 0 -> "Montag". Throws TimegridError outside 0..6. */
export function dayName(day: number): string {
  assertIntegerInRange(day, 0, DAYS - 1, 'day');
  return DAY_NAMES[day]!;
}

/** 0 -> "Mo". Throws TimegridError outside 0..6. */
export function dayShort(day: number): string {
  assertIntegerInRange(day, 0, DAYS - 1, 'day');
  return DAY_SHORT[day]!;
}

/**
 * "Montag" / "montag" / "MONTAG" -> 0. Long German names only, any letter case, surrounding
 * whitespace ignored; undefined for anything else (including short names and non-strings).
 */
export function dayIndexFromName(name: unknown): number | undefined {
  if (typeof name !== 'string') return undefined;
  const index = DAY_NAMES_UPPER.indexOf(name.trim().toUpperCase());
  return index === -1 ? undefined : index;
}
