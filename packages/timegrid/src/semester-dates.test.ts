import { describe, expect, it } from 'vitest';
import { firstDateOn, isGermanState, lessonOccurrences, publicHolidays, semesterWeek, slotClock, weekdayOf } from './semester-dates.js';

/** Wednesday 10:00-10:45 (day 2, slots 40-43). */
const wednesday = { day: 2, start: 40, end: 43 };

describe('semester dates', () => {
  it('knows the 16 states and nothing else', () => {
    expect(isGermanState('BY')).toBe(true);
    expect(isGermanState('TH')).toBe(true);
    expect(isGermanState('by')).toBe(false);
    expect(isGermanState('DE')).toBe(false);
    expect(isGermanState(1)).toBe(false);
  });

  it('takes the public holidays of the state and span from the holiday library', () => {
    expect(publicHolidays('BY', '2027-01-04', '2027-01-15')).toEqual([{ date: '2027-01-06', name: 'Heilige Drei Könige' }]);
    expect(publicHolidays('BE', '2027-01-04', '2027-01-15')).toEqual([]);
    // Across a new year, both years; both ends included.
    expect(publicHolidays('BE', '2026-12-25', '2027-01-01').map((h) => h.date)).toEqual(['2026-12-25', '2026-12-26', '2027-01-01']);
    expect(publicHolidays('BE', '2027-03-08', '2027-03-08')).toEqual([{ date: '2027-03-08', name: 'Weltfrauentag' }]);
  });

  it('dates a weekly lesson: holiday, break and planned days with their reasons and Berlin wall-clock times', () => {
    const span = {
      firstDay: '2027-01-04',
      lastDay: '2027-01-22',
      holidays: publicHolidays('BY', '2027-01-04', '2027-01-22'),
      breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }],
    };
    expect(lessonOccurrences(wednesday, span)).toEqual([
      { date: '2027-01-06', start: '10:00', end: '10:45', status: 'holiday', reason: 'Heilige Drei Könige' },
      { date: '2027-01-13', start: '10:00', end: '10:45', status: 'break', reason: 'Prüfungswoche' },
      { date: '2027-01-20', start: '10:00', end: '10:45', status: 'planned', reason: null },
    ]);
    // Without holidays and breaks every week is planned; the span's ends are included.
    expect(lessonOccurrences({ day: 0, start: 0, end: 96 }, { firstDay: '2027-01-04', lastDay: '2027-01-18' }).map((o) => [o.date, o.start, o.end])).toEqual([
      ['2027-01-04', '00:00', '24:00'],
      ['2027-01-11', '00:00', '24:00'],
      ['2027-01-18', '00:00', '24:00'],
    ]);
  });

  it('a holiday inside a break is the holiday', () => {
    const span = {
      firstDay: '2027-01-04',
      lastDay: '2027-01-08',
      holidays: publicHolidays('BY', '2027-01-04', '2027-01-08'),
      breaks: [{ from: '2027-01-04', to: '2027-01-08', label: 'Ferien' }],
    };
    expect(lessonOccurrences(wednesday, span)).toEqual([
      { date: '2027-01-06', start: '10:00', end: '10:45', status: 'holiday', reason: 'Heilige Drei Könige' },
    ]);
  });

  it('counts A and B weeks from the week of the first day; biweekly lessons every other week', () => {
    // 2027-01-07 is a Thursday: its week (from Monday 2027-01-04) is A, also for the days before it.
    expect(semesterWeek('2027-01-04', '2027-01-07')).toBe('A');
    expect(semesterWeek('2027-01-10', '2027-01-07')).toBe('A');
    expect(semesterWeek('2027-01-11', '2027-01-07')).toBe('B');
    expect(semesterWeek('2027-01-18', '2027-01-07')).toBe('A');
    const span = { firstDay: '2027-01-07', lastDay: '2027-02-05' };
    // Wednesday of the first week is before the first day: the first A Wednesday is in week 3.
    expect(lessonOccurrences({ ...wednesday, week: 'A' }, span).map((o) => o.date)).toEqual(['2027-01-20', '2027-02-03']);
    expect(lessonOccurrences({ ...wednesday, week: 'B' }, span).map((o) => o.date)).toEqual(['2027-01-13', '2027-01-27']);
    expect(lessonOccurrences({ ...wednesday, week: null }, span).map((o) => o.date)).toEqual(['2027-01-13', '2027-01-20', '2027-01-27', '2027-02-03']);
  });

  it('weekdays and first dates do not shift with summer time', () => {
    expect(weekdayOf('2027-03-28')).toBe(6);
    expect(firstDateOn('2027-03-27', 0)).toBe('2027-03-29');
    expect(firstDateOn('2027-10-31', 6)).toBe('2027-10-31');
    expect(slotClock(1)).toBe('00:15');
  });
});
