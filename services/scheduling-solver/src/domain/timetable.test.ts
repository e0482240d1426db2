import { describe, expect, it } from 'vitest';
import { emptyTimetable, timetableFrom, toPlacementViews } from './timetable.js';

describe('working form', () => {
  it('has every day and every quarter hour, free as empty string', () => {
    const t = emptyTimetable();
    expect(Object.keys(t)).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
    expect(Object.keys(t.Montag ?? {})).toHaveLength(96);
    expect(t.Sonntag?.['23:45']).toBe('');
  });

  it('fills the slots of each placement; end "24.00" and missing ends are handled', () => {
    const members = new Map([
      ['a', { name: 'Anna', duration: 45 }],
      ['b', { name: 'Ben', duration: 30 }],
    ]);
    const views = toPlacementViews(
      [
        { member_id: 'b', day: 6, start: '23.30', end: '24.00', week: null },
        { member_id: 'a', day: 0, start: '9.00', end: '', week: null },
        { member_id: 'ghost', day: 0, start: '12.00', end: '12.30', week: null },
      ],
      members,
      new Set(['b']),
    );
    expect(views.map((v) => [v.member_id, v.set_time_from_to, v.end, v.end_time, v.pinned])).toEqual([
      ['a', [36, 39], '9.45', '09:45', false],
      ['b', [94, 96], '24.00', '24:00', true],
    ]);
    const t = timetableFrom(views);
    expect([t.Montag?.['08:45'], t.Montag?.['09:00'], t.Montag?.['09:30'], t.Montag?.['09:45']]).toEqual(['', 'a', 'a', '']);
    expect([t.Sonntag?.['23:30'], t.Sonntag?.['23:45']]).toEqual(['b', 'b']);
  });

  it('keeps the week of biweekly placements; the working form shows week A where two share a quarter hour', () => {
    const members = new Map([
      ['a', { name: 'Anna', duration: 60 }],
      ['b', { name: 'Ben', duration: 60 }],
      ['c', { name: 'Carl', duration: 30 }],
    ]);
    const views = toPlacementViews(
      [
        { member_id: 'b', day: 0, start: '9.00', end: '10.00', week: 'B' },
        { member_id: 'a', day: 0, start: '9.00', end: '10.00', week: 'A' },
        { member_id: 'c', day: 0, start: '10.00', end: '10.30', week: null },
      ],
      members,
      new Set(),
    );
    expect(views.map((v) => [v.member_id, v.start, v.week])).toEqual([
      ['a', '9.00', 'A'],
      ['b', '9.00', 'B'],
      ['c', '10.00', null],
    ]);
    const t = timetableFrom(views);
    expect([t.Montag?.['09:00'], t.Montag?.['09:45'], t.Montag?.['10:00']]).toEqual(['a', 'a', 'c']);
  });
});
