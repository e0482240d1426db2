import { describe, expect, it } from 'vitest';
import { SLOT_LABELS, TimegridError, WeekSlots } from './index.js';
import { expectTimegridError, week } from '../test/week-slots-helpers.js';

describe('WeekSlots.empty and WeekSlots.full', () => {
  it('empty has no slots', () => {
    const w = WeekSlots.empty();
    expect(w.isEmpty()).toBe(true);
    expect(w.count()).toBe(0);
    expect(w.daysWithSlots()).toEqual([]);
    expect(w.toTimesMap()).toEqual({});
  });

  it('full has all 672 slots', () => {
    const w = WeekSlots.full();
    expect(w.count()).toBe(672);
    expect(w.isEmpty()).toBe(false);
    for (let day = 0; day < 7; day++) expect(w.countDay(day)).toBe(96);
    expect(w.has(6, 95)).toBe(true);
    expect(w.toTimesMap()['0']).toEqual(SLOT_LABELS);
  });
});

describe('WeekSlots.fromTimesMap (strict)', () => {
  it('reads the SPEC shape', () => {
    const w = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15'], '6': ['23.45'] });
    expect(w.has(0, 36)).toBe(true);
    expect(w.has(0, 37)).toBe(true);
    expect(w.has(0, 38)).toBe(false);
    expect(w.has(6, 95)).toBe(true);
    expect(w.count()).toBe(3);
  });

  it('accepts zero-padded labels and writes them back canonically', () => {
    expect(WeekSlots.fromTimesMap({ '1': ['09.00', '09.15'] }).toTimesMap()).toEqual({ '1': ['9.00', '9.15'] });
  });

  it('deduplicates and sorts labels', () => {
    const w = WeekSlots.fromTimesMap({ '2': ['14.30', '9.00', '14.30', '09.00', '0.00'] });
    expect(w.toTimesMap()).toEqual({ '2': ['0.00', '9.00', '14.30'] });
    expect(w.count()).toBe(3);
  });

  it('treats null, undefined and empty day lists as no slots', () => {
    const w = WeekSlots.fromTimesMap({ '0': null, '1': undefined, '2': [], '3': ['8.00'] });
    expect(w.toTimesMap()).toEqual({ '3': ['8.00'] });
  });

  it('accepts an empty object', () => {
    expect(WeekSlots.fromTimesMap({}).isEmpty()).toBe(true);
  });

  it.each([[null], [undefined], ['{"0":[]}'], [42], [true], [[['9.00']]], [[]]])('rejects the non-object %j', (input) =>
    expectTimegridError(() => WeekSlots.fromTimesMap(input), 'not_an_object', 'Die Zeiten müssen als Objekt von Wochentag zu Zeitliste angegeben werden.'),
  );

  it.each(['7', 'x', '-1', '00', '01', ' 1', '1.0', '', 'Montag', '__proto__'])('rejects the day key "%s"', (key) => {
    const input = JSON.parse(JSON.stringify({ [key]: ['9.00'] })) as unknown;
    expectTimegridError(() => WeekSlots.fromTimesMap(input), 'invalid_day', `Ungültiger Wochentag: "${key}"`);
  });

  it.each([['9.00'], [{ '0': '9.00' }], [42], [true]])('rejects the non-list day value %j', (value) =>
    expectTimegridError(() => WeekSlots.fromTimesMap({ '0': value }), 'invalid_day_list'),
  );

  it.each([['9.10'], ['25.00'], ['24.00'], ['9:00'], [''], ['abc']])('rejects the unknown label "%s"', (label) =>
    expectTimegridError(() => WeekSlots.fromTimesMap({ '0': ['9.00', label] }), 'invalid_label', `Ungültige Zeitangabe: "${label}"`),
  );

  it.each([[9], [null], [{}], [['9.00']], [36]])('rejects the non-string label %j', (label) =>
    expectTimegridError(() => WeekSlots.fromTimesMap({ '4': [label] }), 'invalid_label'),
  );

  it('accepts exactly 96 labels per day', () => {
    expect(WeekSlots.fromTimesMap({ '0': [...SLOT_LABELS] }).countDay(0)).toBe(96);
  });

  it('rejects more than 96 labels per day, even duplicates', () => {
    expectTimegridError(
      () => WeekSlots.fromTimesMap({ '0': [...SLOT_LABELS, '9.00'] }),
      'too_many_labels',
      'Zu viele Zeitangaben für Wochentag "0" (höchstens 96).',
    );
  });

  it('rejects 10,000 labels quickly', () => {
    const labels = Array.from({ length: 10_000 }, () => '9.00');
    const started = Date.now();
    expectTimegridError(() => WeekSlots.fromTimesMap({ '3': labels }), 'too_many_labels');
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('WeekSlots.fromTimesMap (non-strict)', () => {
  it('drops bad keys, bad values and bad labels and keeps the rest', () => {
    const w = WeekSlots.fromTimesMap(
      { '0': ['9.00', '9.10', 7, null, '09.15'], '7': ['9.00'], x: ['1.00'], '1': 'nope', '2': null, '3': ['23.45', '23.45'] },
      { strict: false },
    );
    expect(w.toTimesMap()).toEqual({ '0': ['9.00', '9.15'], '3': ['23.45'] });
  });

  it('gives an empty week for non-objects', () => {
    for (const input of [null, undefined, 'x', 1, []]) expect(WeekSlots.fromTimesMap(input, { strict: false }).isEmpty()).toBe(true);
  });

  it('reads 10,000 duplicate labels as one slot', () => {
    const labels = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? '9.00' : '9.15'));
    expect(WeekSlots.fromTimesMap({ '5': labels }, { strict: false }).toTimesMap()).toEqual({ '5': ['9.00', '9.15'] });
  });
});

describe('WeekSlots.toTimesMap and toJSON', () => {
  it('lists only days with slots by default', () => {
    expect(week([[1, 36, 38]]).toTimesMap()).toEqual({ '1': ['9.00', '9.15'] });
  });

  it('lists all 7 days with allDays', () => {
    expect(week([[1, 36, 37]]).toTimesMap({ allDays: true })).toEqual({
      '0': [],
      '1': ['9.00'],
      '2': [],
      '3': [],
      '4': [],
      '5': [],
      '6': [],
    });
  });

  it('serializes to the times map with JSON.stringify', () => {
    expect(JSON.parse(JSON.stringify({ times: week([[4, 0, 1]]) }))).toEqual({ times: { '4': ['0.00'] } });
  });

  it('round-trips through fromTimesMap', () => {
    const w = week([
      [0, 0, 5],
      [3, 40, 60],
      [6, 90, 96],
    ]);
    expect(WeekSlots.fromTimesMap(w.toTimesMap()).equals(w)).toBe(true);
  });
});

describe('WeekSlots.has and with', () => {
  it('with returns a new week and leaves the original unchanged', () => {
    const a = WeekSlots.empty();
    const b = a.with(2, 40, true);
    expect(a.has(2, 40)).toBe(false);
    expect(b.has(2, 40)).toBe(true);
    const c = b.with(2, 40, false);
    expect(c.has(2, 40)).toBe(false);
    expect(b.has(2, 40)).toBe(true);
  });

  it('sets slots in every 32-slot word of the day', () => {
    let w = WeekSlots.empty();
    for (const slot of [0, 31, 32, 63, 64, 95]) w = w.with(6, slot, true);
    expect(w.slots(6)).toEqual([0, 31, 32, 63, 64, 95]);
    expect(w.countDay(6)).toBe(6);
    expect(w.countDay(5)).toBe(0);
  });

  it('setting an already set slot changes nothing', () => {
    const w = week([[0, 10, 12]]);
    expect(w.with(0, 10, true).equals(w)).toBe(true);
  });

  it.each([
    [-1, 0],
    [7, 0],
    [0, -1],
    [0, 96],
    [0.5, 1],
    [1, 1.5],
  ])('throws for day %s slot %s', (day, slot) => {
    expect(() => WeekSlots.empty().has(day, slot)).toThrow(TimegridError);
    expect(() => WeekSlots.empty().with(day, slot, true)).toThrow(TimegridError);
  });
});

describe('WeekSlots set operations', () => {
  const a = week([[0, 10, 20]]);
  const b = week([
    [0, 15, 25],
    [1, 0, 2],
  ]);

  it('union contains slots of both', () => {
    expect(
      a.union(b).equals(
        week([
          [0, 10, 25],
          [1, 0, 2],
        ]),
      ),
    ).toBe(true);
  });

  it('intersect contains only common slots', () => {
    expect(a.intersect(b).equals(week([[0, 15, 20]]))).toBe(true);
  });

  it('difference removes the other week', () => {
    expect(a.difference(b).equals(week([[0, 10, 15]]))).toBe(true);
    expect(
      b.difference(a).equals(
        week([
          [0, 20, 25],
          [1, 0, 2],
        ]),
      ),
    ).toBe(true);
  });

  it('full minus anything plus that thing is full', () => {
    expect(WeekSlots.full().difference(b).union(b).equals(WeekSlots.full())).toBe(true);
    expect(WeekSlots.full().difference(WeekSlots.full()).isEmpty()).toBe(true);
  });

  it('do not modify the operands', () => {
    a.union(b);
    a.difference(b);
    expect(a.count()).toBe(10);
    expect(b.count()).toBe(12);
  });

  it('reject non-WeekSlots operands', () => {
    expect(() => a.union({} as WeekSlots)).toThrow(TimegridError);
  });
});
