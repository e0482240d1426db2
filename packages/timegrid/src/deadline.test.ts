import { describe, expect, it } from 'vitest';
import { berlinToday, formatGermanDate, isDeadlineDate, isDeadlinePassed } from './deadline.js';

describe('deadline', () => {
  it('accepts real days only', () => {
    expect(isDeadlineDate('2026-12-24')).toBe(true);
    expect(isDeadlineDate('2028-02-29')).toBe(true);
    expect(isDeadlineDate('2026-02-29')).toBe(false);
    expect(isDeadlineDate('2026-13-01')).toBe(false);
    expect(isDeadlineDate('24.12.2026')).toBe(false);
    expect(isDeadlineDate('2026-12-24T00:00:00Z')).toBe(false);
    expect(isDeadlineDate(20261224)).toBe(false);
  });

  it('ends at midnight Europe/Berlin, not UTC', () => {
    // 22:30 UTC on 24 Dec is 23:30 in Berlin (winter): still the deadline day.
    expect(isDeadlinePassed('2026-12-24', new Date('2026-12-24T22:30:00Z'))).toBe(false);
    // 23:30 UTC is 00:30 on 25 Dec in Berlin: passed.
    expect(isDeadlinePassed('2026-12-24', new Date('2026-12-24T23:30:00Z'))).toBe(true);
    // Summer time: 21:59 UTC = 23:59 CEST still open, 22:00 UTC = 00:00 next day closed.
    expect(isDeadlinePassed('2026-07-01', new Date('2026-07-01T21:59:00Z'))).toBe(false);
    expect(isDeadlinePassed('2026-07-01', new Date('2026-07-01T22:00:00Z'))).toBe(true);
    expect(isDeadlinePassed(null)).toBe(false);
  });

  it('formats German dates', () => {
    expect(formatGermanDate('2026-01-05')).toBe('05.01.2026');
    expect(berlinToday(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
  });
});
