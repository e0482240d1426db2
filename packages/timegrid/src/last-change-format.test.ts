import { describe, expect, it } from 'vitest';
import { formatGermanDateTime, formatLastChange, formatLastChangeTitle } from './index.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number): Date => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatLastChange', () => {
  it.each([
    ['no value (null)', null, '---'],
    ['no value (undefined)', undefined, '---'],
    ['an empty string', '', '---'],
    ['an unparsable string', 'gestern', '---'],
    ['an invalid Date', new Date(Number.NaN), '---'],
    ['0 seconds', ago(0), 'gerade eben'],
    ['59 seconds', ago(59_000), 'gerade eben'],
    ['1 minute', ago(MIN), 'gerade eben'],
    ['1 min 59 s', ago(2 * MIN - 1000), 'gerade eben'],
    ['2 minutes', ago(2 * MIN), '2 min'],
    ['59 minutes', ago(59 * MIN), '59 min'],
    ['60 minutes', ago(HOUR), '1 Std.'],
    ['23 h 59 min', ago(DAY - MIN), '23 Std.'],
    ['24 hours', ago(DAY), '1 d'],
    ['29 days', ago(29 * DAY), '29 d'],
    ['29 days 23 h', ago(30 * DAY - HOUR), '29 d'],
    ['30 days', ago(30 * DAY), '> 30 d'],
    ['a year', ago(365 * DAY), '> 30 d'],
    ['a future date (clock skew)', ago(-5 * MIN), 'gerade eben'],
  ])('shows %s as "%s"', (_label, value, text) => expect(formatLastChange(value, NOW)).toBe(text));

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatLastChange('2026-11-22T11:00:00Z', NOW)).toBe('1 Std.');
    expect(formatLastChange(NOW.getTime() - 3 * DAY, NOW)).toBe('3 d');
  });

  it('measures against the current time by default', () => {
    expect(formatLastChange(new Date())).toBe('gerade eben');
  });
});

describe('formatLastChangeTitle', () => {
  it('shows the full German date and time', () => {
    expect(formatLastChangeTitle(new Date('2026-11-22T09:15:00Z'), { timeZone: 'UTC' })).toBe('22.11.2026, 09:15');
    expect(formatLastChangeTitle('2026-11-22T08:15:00Z', { timeZone: 'Europe/Berlin' })).toBe('22.11.2026, 09:15');
  });

  it('uses a 24-hour clock and zero-padded fields', () => {
    expect(formatGermanDateTime(new Date('2026-01-05T23:07:00Z'), { timeZone: 'UTC' })).toBe('05.01.2026, 23:07');
    expect(formatGermanDateTime(new Date('2026-07-01T00:00:00Z'), { timeZone: 'UTC' })).toBe('01.07.2026, 00:00');
  });

  it("says 'Keine Änderung erfasst' without a value", () => {
    expect(formatLastChangeTitle(null)).toBe('Keine Änderung erfasst');
    expect(formatLastChangeTitle(undefined)).toBe('Keine Änderung erfasst');
    expect(formatLastChangeTitle('kaputt')).toBe('Keine Änderung erfasst');
  });
});
