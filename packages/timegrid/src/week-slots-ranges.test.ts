import { describe, expect, it } from 'vitest';
import { TimegridError, WEEK_SLOTS_BYTES, WeekSlots, normalizeTimesMap } from './index.js';
import { week } from '../test/week-slots-helpers.js';

describe('WeekSlots.count, countDay, isEmpty, equals, daysWithSlots', () => {
  it('count the set slots', () => {
    const w = week([
      [0, 0, 96],
      [3, 10, 13],
    ]);
    expect(w.count()).toBe(99);
    expect(w.countDay(0)).toBe(96);
    expect(w.countDay(3)).toBe(3);
    expect(w.countDay(4)).toBe(0);
    expect(w.daysWithSlots()).toEqual([0, 3]);
  });

  it('equals compares content, not identity', () => {
    expect(week([[2, 5, 6]]).equals(WeekSlots.empty().with(2, 5, true))).toBe(true);
    expect(week([[2, 5, 6]]).equals(week([[2, 6, 7]]))).toBe(false);
    expect(week([[2, 5, 6]]).equals(week([[3, 5, 6]]))).toBe(false);
    expect(WeekSlots.empty().equals(null as unknown as WeekSlots)).toBe(false);
  });

  it('countDay throws for an invalid day', () => {
    expect(() => WeekSlots.empty().countDay(7)).toThrow(TimegridError);
  });
});

describe('WeekSlots.fromRanges', () => {
  it('builds end-exclusive ranges and merges overlaps', () => {
    const w = week([
      [0, 36, 40],
      [0, 38, 42],
      [0, 50, 50],
    ]);
    expect(w.slots(0)).toEqual([36, 37, 38, 39, 40, 41]);
  });

  it('accepts a range up to the day end', () => {
    expect(week([[6, 94, 96]]).slots(6)).toEqual([94, 95]);
  });

  it.each([
    [7, 0, 1],
    [-1, 0, 1],
    [0, -1, 1],
    [0, 5, 4],
    [0, 0, 97],
    [0, 1.5, 3],
  ])('throws for day %s start %s end %s', (day, start, end) => {
    expect(() => week([[day, start, end]])).toThrow(TimegridError);
  });

  it('throws for a missing range object', () => {
    expect(() => WeekSlots.fromRanges([null as unknown as { day: number; start: number; end: number }])).toThrow(TimegridError);
  });
});

describe('WeekSlots.containsWindow', () => {
  const w = week([[1, 36, 40]]);

  it('is true when every slot of the window is set', () => {
    expect(w.containsWindow(1, 36, 4)).toBe(true);
    expect(w.containsWindow(1, 37, 2)).toBe(true);
    expect(w.containsWindow(1, 39, 1)).toBe(true);
  });

  it('is false when one slot is missing', () => {
    expect(w.containsWindow(1, 36, 5)).toBe(false);
    expect(w.containsWindow(1, 35, 2)).toBe(false);
    expect(w.containsWindow(2, 36, 1)).toBe(false);
  });

  it('is false when the window runs past the day end or starts before 0', () => {
    const full = WeekSlots.full();
    expect(full.containsWindow(0, 94, 2)).toBe(true);
    expect(full.containsWindow(0, 95, 2)).toBe(false);
    expect(full.containsWindow(0, -1, 2)).toBe(false);
  });

  it('throws for an invalid day or length', () => {
    expect(() => w.containsWindow(7, 0, 1)).toThrow(TimegridError);
    expect(() => w.containsWindow(0, 0, 0)).toThrow(TimegridError);
    expect(() => w.containsWindow(0, 0, 1.5)).toThrow(TimegridError);
  });
});

describe('WeekSlots.windows', () => {
  it('lists every start where a window fits, by day then start', () => {
    const w = week([
      [3, 10, 13],
      [1, 0, 2],
      [1, 5, 6],
    ]);
    expect(w.windows(2)).toEqual([
      { day: 1, start: 0 },
      { day: 3, start: 10 },
      { day: 3, start: 11 },
    ]);
    expect(w.windows(1)).toHaveLength(6);
    expect(w.windows(4)).toEqual([]);
  });

  it('agrees with containsWindow', () => {
    const w = week([
      [0, 0, 7],
      [5, 90, 96],
    ]);
    const expected = [];
    for (let day = 0; day < 7; day++) for (let start = 0; start < 96; start++) if (w.containsWindow(day, start, 3)) expected.push({ day, start });
    expect(w.windows(3)).toEqual(expected);
  });

  it('throws for a non-positive length', () => {
    expect(() => WeekSlots.full().windows(0)).toThrow(TimegridError);
  });
});

describe('WeekSlots.runs and slots', () => {
  it('gives maximal contiguous runs with exclusive ends', () => {
    const w = week([
      [2, 0, 3],
      [2, 5, 6],
      [2, 90, 96],
    ]).with(2, 3, true);
    expect(w.runs(2)).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 6 },
      { start: 90, end: 96 },
    ]);
    expect(w.runs(0)).toEqual([]);
    expect(WeekSlots.full().runs(6)).toEqual([{ start: 0, end: 96 }]);
  });

  it('joins runs across the 32-slot word boundaries', () => {
    expect(week([[0, 30, 66]]).runs(0)).toEqual([{ start: 30, end: 66 }]);
  });

  it('throws for an invalid day', () => {
    expect(() => WeekSlots.full().runs(-1)).toThrow(TimegridError);
    expect(() => WeekSlots.full().slots(7)).toThrow(TimegridError);
  });
});

describe('WeekSlots.pad', () => {
  it('extends each run by n slots on both sides within the day', () => {
    expect(
      week([[1, 40, 42]])
        .pad(4)
        .runs(1),
    ).toEqual([{ start: 36, end: 46 }]);
  });

  it('clamps at the day boundaries and does not spill into neighbouring days', () => {
    const w = week([
      [1, 0, 1],
      [1, 95, 96],
    ]).pad(3);
    expect(w.runs(1)).toEqual([
      { start: 0, end: 4 },
      { start: 92, end: 96 },
    ]);
    expect(w.countDay(0)).toBe(0);
    expect(w.countDay(2)).toBe(0);
  });

  it('merges runs that grow together', () => {
    expect(
      week([
        [0, 10, 11],
        [0, 14, 15],
      ])
        .pad(2)
        .runs(0),
    ).toEqual([{ start: 8, end: 17 }]);
  });

  it('pad(0) keeps the week and large n fills the day', () => {
    const w = week([[4, 50, 51]]);
    expect(w.pad(0).equals(w)).toBe(true);
    expect(w.pad(1000).countDay(4)).toBe(96);
    expect(WeekSlots.empty().pad(5).isEmpty()).toBe(true);
  });

  it('throws for negative or fractional n', () => {
    expect(() => WeekSlots.empty().pad(-1)).toThrow(TimegridError);
    expect(() => WeekSlots.empty().pad(1.5)).toThrow(TimegridError);
  });
});

describe('WeekSlots.toBytes and fromBytes', () => {
  it('round-trip through 84 bytes', () => {
    const w = week([
      [0, 0, 1],
      [2, 31, 33],
      [6, 95, 96],
    ]);
    const bytes = w.toBytes();
    expect(bytes).toHaveLength(WEEK_SLOTS_BYTES);
    expect(WEEK_SLOTS_BYTES).toBe(84);
    expect(WeekSlots.fromBytes(bytes).equals(w)).toBe(true);
    expect(bytes[0]).toBe(1);
    expect(bytes[83]).toBe(0x80);
  });

  it('rejects other lengths', () => {
    expect(() => WeekSlots.fromBytes(new Uint8Array(83))).toThrow(TimegridError);
  });
});

describe('normalizeTimesMap', () => {
  it('canonicalizes strictly by default', () => {
    expect(normalizeTimesMap({ '0': ['09.15', '9.00', '9.00'], '1': [] })).toEqual({ '0': ['9.00', '9.15'] });
    expect(() => normalizeTimesMap({ '8': [] })).toThrow('Ungültiger Wochentag: "8"');
  });

  it('can list all days and drop bad input', () => {
    const result = normalizeTimesMap({ '0': ['9.10', '9.00'], z: [] }, { strict: false, allDays: true });
    expect(Object.keys(result)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(result['0']).toEqual(['9.00']);
  });
});
