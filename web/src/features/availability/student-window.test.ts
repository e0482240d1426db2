import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { studentRows, studentWindow } from './student-window';

describe('studentWindow', () => {
  it('without a range every day is open and the default rows are shown', () => {
    const win = studentWindow({ time_ranges: {}, has_range: false });
    expect(win.hasRange).toBe(false);
    expect(win.hiddenDays).toEqual([]);
    expect(win.enabled.count()).toBe(672);
    expect(win.range).toEqual({ start: 32, end: 76 });
  });

  it('hides days without a range and enables only the (server-padded) range', () => {
    const win = studentWindow({ time_ranges: { '0': ['8.00', '8.15', '8.30'], '2': ['14.00', '14.15'] }, has_range: true });
    expect(win.hasRange).toBe(true);
    expect(win.hiddenDays).toEqual([1, 3, 4, 5, 6]);
    expect(win.enabled.has(0, 32)).toBe(true);
    expect(win.enabled.has(0, 35)).toBe(false);
    expect(win.enabled.has(2, 57)).toBe(true);
    expect(win.range).toEqual({ start: 32, end: 58 });
  });

  it('treats a missing answer like no range', () => {
    expect(studentWindow(undefined).hasRange).toBe(false);
    expect(studentWindow({ time_ranges: {}, has_range: true }).hasRange).toBe(false);
    expect(studentWindow({ time_ranges: { '0': ['9.00'] }, has_range: false }).hasRange).toBe(false);
  });

  it('widens the rows to stored times only when no range is set', () => {
    const stored = WeekSlots.fromTimesMap({ '0': ['6.00'], '1': ['21.00'] });
    expect(studentRows(studentWindow({ time_ranges: {}, has_range: false }), stored, { start: 32, end: 76 })).toEqual({ start: 24, end: 85 });
    const withRange = studentWindow({ time_ranges: { '0': ['9.00'] }, has_range: true });
    expect(studentRows(withRange, stored, { start: 32, end: 76 })).toEqual({ start: 36, end: 37 });
  });
});
