import { describe, expect, it } from 'vitest';
import { TIMES_ERRORS, TIMES_TEXT_ERRORS, TIMES_TEXT_PLACEHOLDER, TimegridError } from './index.js';

describe('TIMES_ERRORS', () => {
  it('words the malformed-times messages in German', () => {
    expect(TIMES_ERRORS.invalidLabel('9.10')).toBe('Ungültige Zeitangabe: "9.10"');
    expect(TIMES_ERRORS.invalidDay('7')).toBe('Ungültiger Wochentag: "7"');
    expect(TIMES_ERRORS.notAnObject).toBe('Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.');
    expect(TIMES_ERRORS.tooMany('0')).toBe('Zu viele Zeitangaben für Wochentag "0" (höchstens 96).');
    expect(TIMES_ERRORS.notAList('3')).toBe('Die Zeiten für Wochentag "3" müssen als Liste angegeben werden.');
  });

  it('renders non-string values readably', () => {
    expect(TIMES_ERRORS.invalidLabel(9)).toBe('Ungültige Zeitangabe: "9"');
    expect(TIMES_ERRORS.invalidLabel(null)).toBe('Ungültige Zeitangabe: "null"');
    expect(TIMES_ERRORS.invalidLabel({ a: 1 })).toBe('Ungültige Zeitangabe: "{"a":1}"');
  });

  it('shortens long user input to 32 characters', () => {
    const message = TIMES_ERRORS.invalidLabel('x'.repeat(5000));
    expect(message).toBe(`Ungültige Zeitangabe: "${'x'.repeat(32)}…"`);
  });

  it('copes with values JSON cannot render', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(TIMES_ERRORS.invalidLabel(cyclic)).toBe('Ungültige Zeitangabe: "[object Object]"');
  });
});

describe('TIMES_TEXT_ERRORS', () => {
  it('matches docs/product/times.md', () => {
    expect(TIMES_TEXT_ERRORS.parse).toBe('Fehler beim Verarbeiten der Eingabe.');
    expect(TIMES_TEXT_ERRORS.saveBlocked).toBe('Bitte korrigiere die Fehler in der Eingabe.');
    expect(TIMES_TEXT_PLACEHOLDER).toBe('z.B. Mo 9-12, Di 14:00-16:30, Mi ab 10');
  });
});

describe('TimegridError', () => {
  it('is an Error with a name and a code', () => {
    const error = new TimegridError('invalid_day', 'x');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TimegridError');
    expect(error.code).toBe('invalid_day');
    expect(error.message).toBe('x');
  });
});
