import { describe, expect, it } from 'vitest';
import { chosenSource, durationSlots, parseSlotLabel, ProblemInputError, slotLabel, timesToGrid } from './problem-input.js';
import { student } from '../check/test-problems.js';
import type { Problem } from '../types.js';

describe('problem-input', () => {
  it('converts labels and slots both ways', () => {
    expect(slotLabel(0)).toBe('0.00');
    expect(slotLabel(36)).toBe('9.00');
    expect(slotLabel(58)).toBe('14.30');
    expect(slotLabel(39)).toBe('9.45');
    expect(slotLabel(96)).toBe('24.00');
    expect(parseSlotLabel('9.00')).toBe(36);
    expect(parseSlotLabel('09.15')).toBe(37);
    expect(parseSlotLabel('9:30')).toBe(38);
    expect(parseSlotLabel('24.00')).toBe(96);
    for (let s = 0; s <= 96; s++) expect(parseSlotLabel(slotLabel(s))).toBe(s);
  });

  it('rejects bad labels, days and durations', () => {
    for (const bad of ['9.10', '9', 'x.00', '25.00', '24.15', '9.60', 9]) expect(() => parseSlotLabel(bad)).toThrow(ProblemInputError);
    expect(() => timesToGrid({ 7: ['9.00'] })).toThrow(/bad day/);
    expect(() => timesToGrid({ 0: ['24.00'] })).toThrow(/past the end/);
    expect(() => durationSlots(50, 'x')).toThrow(ProblemInputError);
    expect(() => durationSlots(0, 'x')).toThrow(ProblemInputError);
    expect(durationSlots(45, 'x')).toBe(3);
  });

  it('builds a day * 96 + slot grid', () => {
    const g = timesToGrid({ 1: ['9.00', '9.15'], 0: [] });
    expect(g[96 + 36]).toBe(1);
    expect(g[96 + 37]).toBe(1);
    expect(g.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('picks the chosen times source', () => {
    const p: Problem = { wiggleRoom: 0, teacherTimes: {}, students: [], timePreferences: { b: 'available_times_user_input', c: 'nonsense' } };
    const withInput = student('a', 'A', 30, { 0: [['9.00', '10.00']] }, { 0: [['9.00', '9.30']] });
    const withoutInput = student('a', 'A', 30, { 0: [['9.00', '10.00']] });
    expect(chosenSource(p, withInput)).toBe('available_times_user_input');
    expect(chosenSource(p, withoutInput)).toBe('available_times');
    expect(chosenSource(p, { ...withoutInput, member_id: 'b' })).toBe('available_times_user_input');
    expect(chosenSource(p, { ...withoutInput, member_id: 'c' })).toBe('available_times');
  });
});
