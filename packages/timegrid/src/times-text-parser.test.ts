import { describe, expect, it, vi } from 'vitest';
import { WeekSlots, parseTimesText, type TimesMap } from './index.js';

/** Expected result: day index -> ranges in decimal hours [start, end) (9.5 = 9:30). */
type Expected = Record<number, Array<[number, number]>>;

function times(expected: Expected): TimesMap {
  const ranges = Object.entries(expected).flatMap(([day, list]) => list.map(([start, end]) => ({ day: Number(day), start: start * 4, end: end * 4 })));
  return WeekSlots.fromRanges(ranges).toTimesMap();
}

const ERROR = 'error' as const;
const MO_9_12: Expected = { 0: [[9, 12]] };
const WORKDAYS_8_10: Expected = { 0: [[8, 10]], 1: [[8, 10]], 2: [[8, 10]], 3: [[8, 10]], 4: [[8, 10]] };

const CASES: Array<[string, Expected | typeof ERROR]> = [
  // empty and marker-less input
  ['', {}],
  ['   \n\t ', {}],
  ['9-12', {}],
  ['von 9 bis 12', {}],
  ['9-12 Mo 14-15', { 0: [[14, 15]] }],
  ['Mo', {}],
  ['Mo, Di', {}],
  ['Mo 9-12, Di', MO_9_12],
  // German day names, long and short, any case, optional dot
  ['Mo 9-12', MO_9_12],
  ['mo 9-12', MO_9_12],
  ['MO 9-12', MO_9_12],
  ['Montag 9-12', MO_9_12],
  ['MONTAG 9-12', MO_9_12],
  ['montags 9-12', MO_9_12],
  ['Mo. 9-12', MO_9_12],
  ['Di 9-10', { 1: [[9, 10]] }],
  ['Dienstag 9-10', { 1: [[9, 10]] }],
  ['Mi 9-10', { 2: [[9, 10]] }],
  ['Mittwoch 9-10', { 2: [[9, 10]] }],
  ['Do 9-10', { 3: [[9, 10]] }],
  ['Donnerstag 9-10', { 3: [[9, 10]] }],
  ['Fr 9-10', { 4: [[9, 10]] }],
  ['Freitag 9-10', { 4: [[9, 10]] }],
  ['Sa 9-10', { 5: [[9, 10]] }],
  ['Samstag 9-10', { 5: [[9, 10]] }],
  ['Sonnabend 9-10', { 5: [[9, 10]] }],
  ['So 9-10', { 6: [[9, 10]] }],
  ['Sonntag 9-10', { 6: [[9, 10]] }],
  ['So. 10-11', { 6: [[10, 11]] }],
  // English day names
  ['Mon 9-12', MO_9_12],
  ['Monday 9-12', MO_9_12],
  ['mon. 9-12', MO_9_12],
  ['Tue 9-10', { 1: [[9, 10]] }],
  ['Tues 9-10', { 1: [[9, 10]] }],
  ['Tuesday 9-10', { 1: [[9, 10]] }],
  ['Wed 9-10', { 2: [[9, 10]] }],
  ['Wednesday 9-10', { 2: [[9, 10]] }],
  ['Thu 9-10', { 3: [[9, 10]] }],
  ['Thur 9-10', { 3: [[9, 10]] }],
  ['Thursday 9-10', { 3: [[9, 10]] }],
  ['Fri 9-10', { 4: [[9, 10]] }],
  ['Friday 9-10', { 4: [[9, 10]] }],
  ['Sat 9-10', { 5: [[9, 10]] }],
  ['Saturday 9-10', { 5: [[9, 10]] }],
  ['Sun 9-10', { 6: [[9, 10]] }],
  ['SUNDAY 9-10', { 6: [[9, 10]] }],
  // time formats
  ['Di 14:00-16:30', { 1: [[14, 16.5]] }],
  ['Mi 0900-1200', { 2: [[9, 12]] }],
  ['Mi 900-1200', { 2: [[9, 12]] }],
  ['Do 9.30-11', { 3: [[9.5, 11]] }],
  ['Do 9 - 12', { 3: [[9, 12]] }],
  ['Mo 09:00-12:00', MO_9_12],
  ['Mo 12.15-13.45', { 0: [[12.25, 13.75]] }],
  ['Mo 9:00 - 9:15', { 0: [[9, 9.25]] }],
  ['  Mo   9 -   12  ', MO_9_12],
  ['mo9-12', MO_9_12],
  ['Mo–Fr 8–10', WORKDAYS_8_10],
  // 'ab', 24 and day ends
  ['Fr ab 10', { 4: [[10, 24]] }],
  ['Fr ab 22:30', { 4: [[22.5, 24]] }],
  ['Sa 0-24', { 5: [[0, 24]] }],
  ['Sa 00:00-24:00', { 5: [[0, 24]] }],
  ['Sa 18-24.00', { 5: [[18, 24]] }],
  ['Sa 18-2400', { 5: [[18, 24]] }],
  ['Mo 23:45-24', { 0: [[23.75, 24]] }],
  ['So 0-0:15', { 6: [[0, 0.25]] }],
  // words: von, bis, und, uhr
  ['Mo von 9 bis 12', MO_9_12],
  ['Mo 9 bis 12 Uhr', MO_9_12],
  ['Mo 9-12 Uhr und Di ab 18 Uhr', { 0: [[9, 12]], 1: [[18, 24]] }],
  // several ranges per day
  [
    'Mo 9-12, 14-16',
    {
      0: [
        [9, 12],
        [14, 16],
      ],
    },
  ],
  [
    'Mo 9-12 und 14-16',
    {
      0: [
        [9, 12],
        [14, 16],
      ],
    },
  ],
  [
    'Mo 9-12 14-16',
    {
      0: [
        [9, 12],
        [14, 16],
      ],
    },
  ],
  [
    'Mo 9-12, , 14-16',
    {
      0: [
        [9, 12],
        [14, 16],
      ],
    },
  ],
  [
    'Mo 14-16, 9-10',
    {
      0: [
        [9, 10],
        [14, 16],
      ],
    },
  ],
  ['Mo 9-12, 10-11', MO_9_12],
  ['Mo 9-11, Mo 10-12', MO_9_12],
  ['Do 8-9; Do 9-10', { 3: [[8, 10]] }],
  // day lists and spans
  ['Mo, Mi 9-12', { 0: [[9, 12]], 2: [[9, 12]] }],
  ['Mo und Mi 9-12', { 0: [[9, 12]], 2: [[9, 12]] }],
  ['Mo Mi 9-12', { 0: [[9, 12]], 2: [[9, 12]] }],
  ['Mo-Fr 8-10', WORKDAYS_8_10],
  ['Mo bis Fr 8-10', WORKDAYS_8_10],
  ['Mo.-Fr. 8-10', WORKDAYS_8_10],
  ['Fr-Mo 8-10', { 4: [[8, 10]], 5: [[8, 10]], 6: [[8, 10]], 0: [[8, 10]] }],
  ['Mo-Mo 8-10', { 0: [[8, 10]] }],
  ['Sa-So ab 20', { 5: [[20, 24]], 6: [[20, 24]] }],
  ['Mo 9-12 Di Mi 13-14', { 0: [[9, 12]], 1: [[13, 14]], 2: [[13, 14]] }],
  // several day groups
  ['Mo 9-12, Di 14:00-16:30, Mi ab 10', { 0: [[9, 12]], 1: [[14, 16.5]], 2: [[10, 24]] }],
  ['Mo 9-12; Di 10-11', { 0: [[9, 12]], 1: [[10, 11]] }],
  ['Mo 9-12\nDi 10-11', { 0: [[9, 12]], 1: [[10, 11]] }],
  ['Montag: 9-12. Dienstag: 10-11.', { 0: [[9, 12]], 1: [[10, 11]] }],
  ['Mo 9-12, Di-Do 14-15, Sa ab 10', { 0: [[9, 12]], 1: [[14, 15]], 2: [[14, 15]], 3: [[14, 15]], 5: [[10, 24]] }],
  // minutes off the quarter hour are rounded inward; empty ranges are dropped
  ['Mo 9:10-10:50', { 0: [[9.25, 10.75]] }],
  ['Mo 9:14-9:46', { 0: [[9.25, 9.75]] }],
  ['Mo 9:05-9:10', {}],
  ['Mo 9:01-9:29', {}],
  ['Mo 9:05-9:10, 10-11', { 0: [[10, 11]] }],
  ['Mo 0:01-23:59', { 0: [[0.25, 23.75]] }],
  // invalid input
  ['abc', ERROR],
  ['Xy 9-12', ERROR],
  ['Mö 9-12', ERROR],
  ['Mo abc', ERROR],
  ['Mo 9-12 Uhrzeit', ERROR],
  ['Mo 9', ERROR],
  ['Mo 9-', ERROR],
  ['Mo -12', ERROR],
  ['Mo 9--12', ERROR],
  ['Mo 9-12-14', ERROR],
  ['Mo - 9-12', ERROR],
  ['Mo-', ERROR],
  ['Mo-9', ERROR],
  ['-', ERROR],
  ['Mo 9-12 bis', ERROR],
  ['Mo 12-9', ERROR],
  ['Mo 9-9', ERROR],
  ['Mo 22-2', ERROR],
  ['Mo 24:00-24:00', ERROR],
  ['Mo 25-26', ERROR],
  ['Mo 24-25', ERROR],
  ['Mo 9-24:30', ERROR],
  ['Mo 9:60-10', ERROR],
  ['Mo 9:5-10', ERROR],
  ['Mo 9.300-10', ERROR],
  ['Mo 960-1000', ERROR],
  ['Mo 12345-13000', ERROR],
  ['Mo 1e3-2000', ERROR],
  ['Mo ab', ERROR],
  ['Mo ab 24', ERROR],
  ['ab 25', ERROR],
  ['Mo ab 10-12', ERROR],
  ['Mo 9-12!', ERROR],
  ['Mo (9-12)', ERROR],
  ['Mo 9-12 / Di 10-11', ERROR],
  ['Mo 9+12', ERROR],
  ['Mo 9,30-11', ERROR],
];

describe('parseTimesText (table)', () => {
  it('has at least 80 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(80));

  it.each(CASES)('parses %j', (text, expected) => {
    const result = parseTimesText(text);
    if (expected === ERROR) {
      expect(result).toEqual({ ok: false, error: 'Fehler beim Verarbeiten der Eingabe.' });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.times).toEqual(times(expected));
    expect(result.week.toTimesMap()).toEqual(result.times);
  });
});

describe('parseTimesText', () => {
  it('splits ranges into sorted 15-minute slot labels', () => {
    const result = parseTimesText('Mi 14:00-15:00, 9.30-10');
    expect(result).toMatchObject({ ok: true, times: { '2': ['9.30', '9.45', '14.00', '14.15', '14.30', '14.45'] } });
  });

  it('returns only days with slots', () => {
    const result = parseTimesText('Mo 9-9:15, So 23:45-24');
    expect(result.ok && result.times).toEqual({ '0': ['9.00'], '6': ['23.45'] });
  });

  it('accepts exactly 10,000 characters', () => {
    const text = 'Mo 9-12'.padEnd(10_000, ' ');
    expect(parseTimesText(text).ok).toBe(true);
  });

  it('rejects more than 10,000 characters', () => {
    expect(parseTimesText('Mo 9-12'.padEnd(10_001, ' '))).toEqual({ ok: false, error: 'Fehler beim Verarbeiten der Eingabe.' });
  });

  it('handles a long valid text of many groups', () => {
    const text = Array.from({ length: 500 }, (_, i) => `${['Mo', 'Di', 'Mi'][Math.floor(i / 24) % 3]} ${i % 24}-${(i % 24) + 1}`).join(', ');
    expect(text.length).toBeLessThanOrEqual(10_000);
    const result = parseTimesText(text);
    expect(result.ok && result.week.count()).toBe(3 * 24 * 4);
  });

  it('a day repeated in one day list counts once, so 10,000 characters stay cheap to parse', () => {
    // ~1,666 day markers before ~1,000 ranges: without de-duplication 1.6 million day ranges.
    const text = ('Mo Di '.repeat(833) + '0-24,'.repeat(1000)).slice(0, 10_000);
    const fromRanges = vi.spyOn(WeekSlots, 'fromRanges');
    try {
      const result = parseTimesText(text);
      expect(result.ok && result.times).toEqual(times({ 0: [[0, 24]], 1: [[0, 24]] }));
      const ranges = [...(fromRanges.mock.calls[0]![0] as Iterable<unknown>)];
      expect(ranges.length).toBeLessThanOrEqual(7 * 1000);
    } finally {
      fromRanges.mockRestore();
    }
  });

  it('rejects non-string input from untyped callers', () => {
    expect(parseTimesText(null as unknown as string).ok).toBe(false);
    expect(parseTimesText(42 as unknown as string).ok).toBe(false);
  });
});
