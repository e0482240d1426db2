/**
 * Totals of available time (docs/product/limits.md "Other display formats").
 *
 * Decisions (German singular/zero forms), used by formatHoursLong and formatSummedTime:
 * - both parts non-zero: "n Stunden und m Minuten" ("8 Stunden und 30 Minuten"); a part equal to 1
 *   takes the singular ("1 Stunde und 15 Minuten", "2 Stunden und 1 Minute");
 * - a zero part is left out: "3 Stunden", "1 Stunde", "45 Minuten";
 * - 0 minutes: "0 Minuten" (formatSummedTime shows 'Keine Zeiten' instead).
 * All formatters round fractional minutes to the nearest minute and throw TimegridError for
 * negative or non-finite input.
 */
import { TimegridError } from './timegrid-error.js';

function wholeMinutes(minutes: number): number {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) {
    throw new TimegridError('invalid_argument', `minutes must be a non-negative finite number, got ${String(minutes)}`);
  }
  return Math.round(minutes);
}

/** Table format: 180 -> "3 Std.", 90 -> "1:30 Std.", 45 -> "0:45 Std.", 0 -> "0 Std.". */
export function formatHoursShort(minutes: number): string {
  const total = wholeMinutes(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} Std.` : `${hours}:${String(rest).padStart(2, '0')} Std.`;
}

/** Editor format: 510 -> "8 Stunden und 30 Minuten"; see the module comment for singular/zero forms. */
export function formatHoursLong(minutes: number): string {
  const total = wholeMinutes(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const hoursText = `${hours} ${hours === 1 ? 'Stunde' : 'Stunden'}`;
  const minutesText = `${rest} ${rest === 1 ? 'Minute' : 'Minuten'}`;
  if (hours === 0) return minutesText;
  if (rest === 0) return hoursText;
  return `${hoursText} und ${minutesText}`;
}

/** Summed time: 'Keine Zeiten' for 0, otherwise as formatHoursLong. */
export function formatSummedTime(minutes: number): string {
  const total = wholeMinutes(minutes);
  return total === 0 ? 'Keine Zeiten' : formatHoursLong(total);
}
