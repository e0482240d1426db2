import { describe, expect, it } from 'vitest';
import { TimegridError, WeekSlots, formatTimesText, parseTimesText } from './index.js';

describe('formatTimesText', () => {
  it('writes whole-hour runs as "H-H" and others as "H:MM-H:MM"', () => {
    const week = WeekSlots.fromRanges([
      { day: 0, start: 36, end: 48 },
      { day: 0, start: 56, end: 66 },
      { day: 2, start: 40, end: 96 },
    ]);
    expect(formatTimesText(week)).toBe('Mo 9-12, 14:00-16:30; Mi 10-24');
  });

  it('accepts the SPEC times map', () => {
    expect(formatTimesText({ '6': ['0.00', '0.15', '23.45'] })).toBe('So 0:00-0:30, 23:45-24:00');
  });

  it('writes an empty week as an empty text', () => {
    expect(formatTimesText(WeekSlots.empty())).toBe('');
    expect(formatTimesText({})).toBe('');
  });

  it('writes a full week day by day', () => {
    expect(formatTimesText(WeekSlots.full())).toBe('Mo 0-24; Di 0-24; Mi 0-24; Do 0-24; Fr 0-24; Sa 0-24; So 0-24');
  });

  it('rejects a malformed times map', () => {
    expect(() => formatTimesText({ '9': ['9.00'] })).toThrow(TimegridError);
  });
});

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random week mixing empty, full, sparse, dense, ranged and single-slot days. */
function randomWeek(random: () => number): WeekSlots {
  const int = (n: number): number => Math.floor(random() * n);
  let week = WeekSlots.empty();
  for (let day = 0; day < 7; day++) {
    const mode = int(5);
    if (mode === 1) {
      week = week.union(WeekSlots.fromRanges([{ day, start: 0, end: 96 }]));
    } else if (mode === 2) {
      const density = random();
      for (let slot = 0; slot < 96; slot++) if (random() < density) week = week.with(day, slot, true);
    } else if (mode === 3) {
      const ranges = [];
      for (let n = int(4) + 1; n > 0; n--) {
        const start = int(96);
        ranges.push({ day, start, end: start + 1 + int(96 - start) });
      }
      week = week.union(WeekSlots.fromRanges(ranges));
    } else if (mode === 4) {
      week = week.with(day, int(96), true);
    }
  }
  return week;
}

describe('formatTimesText and parseTimesText (property)', () => {
  it('the PRNG is deterministic and spreads values', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(new Set(values).size).toBe(1000);
  });

  it('parsing the formatted text gives the same week for 500 random weeks', () => {
    const random = seededRandom(20261122);
    let nonEmpty = 0;
    for (let i = 0; i < 500; i++) {
      const week = randomWeek(random);
      if (!week.isEmpty()) nonEmpty++;
      const text = formatTimesText(week);
      const result = parseTimesText(text);
      expect(result.ok, `week #${i}: ${text}`).toBe(true);
      if (!result.ok) continue;
      expect(result.week.equals(week), `week #${i}: ${text}`).toBe(true);
      expect(result.times).toEqual(week.toTimesMap());
    }
    expect(nonEmpty).toBeGreaterThan(450);
  });
});
