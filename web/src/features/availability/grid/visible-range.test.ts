import { describe, expect, it } from 'vitest';
import { defaultVisibleRange, endOptions, RANGE_VALUES, startOptions, withEnd, withStart } from './visible-range';

describe('visible range picker values', () => {
  it('offers 0..95 with slot labels and defaults to 32 / 76', () => {
    expect(RANGE_VALUES).toHaveLength(96);
    expect(RANGE_VALUES[0]).toBe(0);
    expect(RANGE_VALUES.at(-1)).toBe(95);
    expect(defaultVisibleRange()).toEqual({ start: 32, end: 76 });
    expect(startOptions(76)[32]!.label).toBe('08:00');
    expect(endOptions(32)[76]!.label).toBe('19:00');
  });

  it('the start list disables values at or above the end', () => {
    const options = startOptions(40);
    expect(options[39]!.disabled).toBe(false);
    expect(options[40]!.disabled).toBe(true);
    expect(options[95]!.disabled).toBe(true);
    expect(options.filter((o) => !o.disabled)).toHaveLength(40);
  });

  it('the end list disables values at or below the start', () => {
    const options = endOptions(40);
    expect(options[40]!.disabled).toBe(true);
    expect(options[0]!.disabled).toBe(true);
    expect(options[41]!.disabled).toBe(false);
    expect(options.filter((o) => !o.disabled)).toHaveLength(55);
  });

  it('keeps start below end', () => {
    const range = { start: 32, end: 76 };
    expect(withStart(range, 20)).toEqual({ start: 20, end: 76 });
    expect(withStart(range, 76)).toBe(range);
    expect(withStart(range, -1)).toBe(range);
    expect(withEnd(range, 90)).toEqual({ start: 32, end: 90 });
    expect(withEnd(range, 32)).toBe(range);
    expect(withEnd(range, 96)).toBe(range);
  });
});
