/** Errors thrown by this package, and the German messages services return for malformed times. */

export type TimegridErrorCode = 'invalid_argument' | 'not_an_object' | 'invalid_day' | 'invalid_day_list' | 'invalid_label' | 'too_many_labels';

export class TimegridError extends Error {
  override readonly name = 'TimegridError';
  readonly code: TimegridErrorCode;

  constructor(code: TimegridErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

const MAX_ECHO_LENGTH = 32;

/** Renders a user-supplied value for an error message: readable and never longer than 32 characters. */
function echo(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value === null || typeof value !== 'object') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_ECHO_LENGTH ? `${text.slice(0, MAX_ECHO_LENGTH)}…` : text;
}

/** German messages for malformed times maps (API input `{ "0": ["9.00", ...], ... }`). */
export const TIMES_ERRORS = Object.freeze({
  notAnObject: 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.',
  invalidDay: (key: unknown): string => `Ungültiger Wochentag: "${echo(key)}"`,
  notAList: (key: unknown): string => `Die Zeiten für Wochentag "${echo(key)}" müssen als Liste angegeben werden.`,
  invalidLabel: (label: unknown): string => `Ungültige Zeitangabe: "${echo(label)}"`,
  tooMany: (key: unknown): string => `Zu viele Zeitangaben für Wochentag "${echo(key)}" (höchstens 96).`,
});

/** German messages of the available-times free text (docs/product/times.md "Available-times text"). */
export const TIMES_TEXT_ERRORS = Object.freeze({
  parse: 'Fehler beim Verarbeiten der Eingabe.',
  saveBlocked: 'Bitte korrigiere die Fehler in der Eingabe.',
});

/** Placeholder of the available-times text area (docs/product/classes.md). */
export const TIMES_TEXT_PLACEHOLDER = 'z.B. Mo 9-12, Di 14:00-16:30, Mi ab 10';

/** Throws `invalid_argument` unless `value` is an integer in [min, max]. */
export function assertIntegerInRange(value: unknown, min: number, max: number, what: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new TimegridError('invalid_argument', `${what} must be an integer in ${min}..${max}, got ${echo(value)}`);
  }
}
