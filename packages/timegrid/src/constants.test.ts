import { describe, expect, it } from 'vitest';
import {
  ALLOWED_DURATIONS,
  DAYS,
  DAY_END_MINUTES,
  DEFAULT_DURATION,
  DEFAULT_EXTRA_MINUTES,
  DEFAULT_VISIBLE_RANGE,
  EXTRA_TIME_OPTIONS,
  MAX_TIMES_TEXT_LENGTH,
  SLOTS_PER_DAY,
  SLOT_MINUTES,
  STUDENT_WINDOW_PADDING,
  durationToSlots,
  isAllowedDuration,
} from './index.js';

describe('time grid constants', () => {
  it('match docs/product/limits.md', () => {
    expect(SLOT_MINUTES).toBe(15);
    expect(SLOTS_PER_DAY).toBe(96);
    expect(DAYS).toBe(7);
    expect(DAY_END_MINUTES).toBe(1440);
    expect(SLOTS_PER_DAY * SLOT_MINUTES).toBe(DAY_END_MINUTES);
    expect(DEFAULT_VISIBLE_RANGE).toEqual({ start: 32, end: 76 });
    expect(STUDENT_WINDOW_PADDING).toBe(4);
    expect(ALLOWED_DURATIONS).toEqual([15, 30, 45, 60, 75, 90, 105, 120]);
    expect(DEFAULT_DURATION).toBe(30);
    expect(EXTRA_TIME_OPTIONS).toEqual([15, 30, 45, 60]);
    expect(DEFAULT_EXTRA_MINUTES).toBe(15);
    expect(MAX_TIMES_TEXT_LENGTH).toBe(10_000);
  });

  it('cannot be mutated at run time', () => {
    expect(Object.isFrozen(DEFAULT_VISIBLE_RANGE)).toBe(true);
    expect(Object.isFrozen(ALLOWED_DURATIONS)).toBe(true);
    expect(() => (ALLOWED_DURATIONS as number[]).push(135)).toThrow();
  });
});

describe('isAllowedDuration', () => {
  it.each(ALLOWED_DURATIONS)('accepts %i', (minutes) => expect(isAllowedDuration(minutes)).toBe(true));
  it.each([0, 1, 14, 16, 135, -15, 30.5, Number.NaN, '30', null, undefined])('rejects %s', (value) => expect(isAllowedDuration(value)).toBe(false));
});

describe('durationToSlots', () => {
  it.each([
    [15, 1],
    [30, 2],
    [45, 3],
    [120, 8],
    [20, 2],
    [1, 1],
    [0, 1],
    [-30, 1],
    [Number.NaN, 1],
  ])('turns %s minutes into %i slots (duration/15, at least 1)', (minutes, slots) => expect(durationToSlots(minutes)).toBe(slots));
});
