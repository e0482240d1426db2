import { describe, expect, it } from 'vitest';
import { TimegridError, formatHoursLong, formatHoursShort, formatSummedTime } from './index.js';

describe('formatHoursShort (table)', () => {
  it.each([
    [0, '0 Std.'],
    [15, '0:15 Std.'],
    [45, '0:45 Std.'],
    [60, '1 Std.'],
    [90, '1:30 Std.'],
    [180, '3 Std.'],
    [185, '3:05 Std.'],
    [1440, '24 Std.'],
    [10080, '168 Std.'],
    [89.6, '1:30 Std.'],
  ])('formats %s minutes as "%s"', (minutes, text) => expect(formatHoursShort(minutes)).toBe(text));
});

describe('formatHoursLong (editor)', () => {
  it.each([
    [510, '8 Stunden und 30 Minuten'],
    [135, '2 Stunden und 15 Minuten'],
    [75, '1 Stunde und 15 Minuten'],
    [121, '2 Stunden und 1 Minute'],
    [61, '1 Stunde und 1 Minute'],
    [60, '1 Stunde'],
    [180, '3 Stunden'],
    [45, '45 Minuten'],
    [1, '1 Minute'],
    [0, '0 Minuten'],
  ])('formats %i minutes as "%s"', (minutes, text) => expect(formatHoursLong(minutes)).toBe(text));
});

describe('formatSummedTime', () => {
  it("says 'Keine Zeiten' for zero", () => expect(formatSummedTime(0)).toBe('Keine Zeiten'));
  it('uses hours and minutes otherwise', () => {
    expect(formatSummedTime(510)).toBe('8 Stunden und 30 Minuten');
    expect(formatSummedTime(30)).toBe('30 Minuten');
  });
});

describe('duration formatters reject invalid input', () => {
  it.each([-1, Number.NaN, Infinity, '60' as unknown as number])('throw a TimegridError for %s', (value) => {
    expect(() => formatHoursShort(value)).toThrow(TimegridError);
    expect(() => formatHoursLong(value)).toThrow(TimegridError);
    expect(() => formatSummedTime(value)).toThrow(TimegridError);
  });
});
