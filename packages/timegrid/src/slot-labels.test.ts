import { describe, expect, it } from 'vitest';
import {
  SLOT_LABELS,
  TimegridError,
  isValidSlot,
  labelToSlot,
  minutesToClock,
  minutesToSlot,
  slotToClock,
  slotToLabel,
  slotToMinutes,
  tryLabelToSlot,
} from './index.js';

describe('slotToLabel', () => {
  it.each([
    [0, '0.00'],
    [1, '0.15'],
    [4, '1.00'],
    [36, '9.00'],
    [37, '9.15'],
    [42, '10.30'],
    [95, '23.45'],
  ])('turns slot %i into "%s"', (slot, label) => expect(slotToLabel(slot)).toBe(label));

  it.each([-1, 96, 1.5, Number.NaN, Infinity])('throws a TimegridError for %s', (slot) => {
    expect(() => slotToLabel(slot)).toThrow(TimegridError);
  });

  it('throws for non-numbers passed from untyped code', () => {
    expect(() => slotToLabel('3' as unknown as number)).toThrow(TimegridError);
  });
});

describe('SLOT_LABELS', () => {
  it('lists the 96 canonical labels in order', () => {
    expect(SLOT_LABELS).toHaveLength(96);
    expect(SLOT_LABELS[0]).toBe('0.00');
    expect(SLOT_LABELS[95]).toBe('23.45');
    expect(new Set(SLOT_LABELS).size).toBe(96);
  });
});

describe('labelToSlot', () => {
  it('is the inverse of slotToLabel for all 96 slots', () => {
    for (let slot = 0; slot < 96; slot++) expect(labelToSlot(slotToLabel(slot))).toBe(slot);
  });

  it.each([
    ['9.00', 36],
    ['09.00', 36],
    ['0.00', 0],
    ['00.00', 0],
    ['9.15', 37],
    ['14.30', 58],
    ['23.45', 95],
  ])('reads "%s" as slot %i', (label, slot) => expect(labelToSlot(label)).toBe(slot));

  it.each(['9.10', '25.00', '24.00', '-1.00', '9', 'abc', '', ' 9.00', '9.00 ', '9:00', '9.0', '9.000', '009.00', '9,00', '1e1.00'])(
    'rejects "%s" with a German TimegridError',
    (label) => {
      expect(() => labelToSlot(label)).toThrow(TimegridError);
      expect(() => labelToSlot(label)).toThrow(`Ungültige Zeitangabe: "${label}"`);
    },
  );

  it('rejects non-strings from untyped code', () => {
    expect(() => labelToSlot(9 as unknown as string)).toThrow('Ungültige Zeitangabe: "9"');
  });

  it('reports the error code invalid_label', () => {
    try {
      labelToSlot('9.10');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TimegridError);
      expect((error as TimegridError).code).toBe('invalid_label');
    }
  });
});

describe('tryLabelToSlot', () => {
  it('returns the slot for valid labels', () => {
    expect(tryLabelToSlot('9.15')).toBe(37);
    expect(tryLabelToSlot('09.15')).toBe(37);
  });

  it.each([['9.10'], [9], [null], [undefined], [{}], [['9.00']], ['toString'], ['__proto__']])('returns undefined for %j', (value) =>
    expect(tryLabelToSlot(value)).toBeUndefined(),
  );
});

describe('isValidSlot', () => {
  it('accepts integers 0..95 only', () => {
    expect(isValidSlot(0)).toBe(true);
    expect(isValidSlot(95)).toBe(true);
    expect(isValidSlot(96)).toBe(false);
    expect(isValidSlot(-1)).toBe(false);
    expect(isValidSlot(2.5)).toBe(false);
    expect(isValidSlot('1')).toBe(false);
  });
});

describe('slotToMinutes and slotToClock', () => {
  it.each([
    [0, 0, '00:00'],
    [37, 555, '09:15'],
    [95, 1425, '23:45'],
    [96, 1440, '24:00'],
  ])('slot %i starts at %i minutes = %s', (slot, minutes, clock) => {
    expect(slotToMinutes(slot)).toBe(minutes);
    expect(slotToClock(slot)).toBe(clock);
  });

  it.each([-1, 97, 0.5])('throws for slot boundary %s', (slot) => {
    expect(() => slotToMinutes(slot)).toThrow(TimegridError);
    expect(() => slotToClock(slot)).toThrow(TimegridError);
  });
});

describe('minutesToClock', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [555, '09:15'],
    [754, '12:34'],
    [1439, '23:59'],
    [1440, '24:00'],
  ])('formats %i minutes as %s', (minutes, clock) => expect(minutesToClock(minutes)).toBe(clock));

  it.each([-1, 1441, 1.5, Number.NaN])('throws for %s', (minutes) => {
    expect(() => minutesToClock(minutes)).toThrow(TimegridError);
  });
});

describe('minutesToSlot', () => {
  it('rounds down to the containing slot', () => {
    expect(minutesToSlot(0)).toBe(0);
    expect(minutesToSlot(555)).toBe(37);
    expect(minutesToSlot(569)).toBe(37);
    expect(minutesToSlot(1440)).toBe(96);
    expect(() => minutesToSlot(1441)).toThrow(TimegridError);
  });
});
