import { describe, expect, it } from 'vitest';
import { dayIdle, makeupCandidates, makeupWindows } from './suggest.js';

const hours = (from: number, to: number) => {
  const out: string[] = [];
  for (let m = from * 60; m < to * 60; m += 15) out.push(`${Math.floor(m / 60)}.${String(m % 60).padStart(2, '0')}`);
  return out;
};

describe('make-up candidates from the solver instance', () => {
  // Teacher Monday 8-14 and Tuesday 8-10; student Monday 9-12 (own times), 45 minutes.
  const model = makeupWindows({
    teacherTimes: { '0': hours(8, 14), '1': hours(8, 10) },
    student: { member_id: 'm', name: 'Anna', duration: 45, available_times: { '1': hours(8, 10) }, available_times_user_input: { '0': hours(9, 12) } },
    source: 'available_times_user_input',
  });

  it('lies inside both parties’ times, avoids the busy lessons and orders by idle minutes added, then date', () => {
    expect(model.len).toBe(3);
    const all = makeupCandidates(model, [
      { date: '2027-01-11', weekday: 0, busy: [{ start: 40, end: 44 }] }, // 10:00-11:00
      { date: '2027-01-12', weekday: 1, busy: [] },
      { date: '2027-01-04', weekday: 0, busy: [] },
    ]);
    // The student's own times rule: nothing on Tuesday.
    expect(all.every((c) => c.date !== '2027-01-12')).toBe(true);
    for (const c of all) {
      expect(c.start).toBeGreaterThanOrEqual(36);
      expect(c.end).toBeLessThanOrEqual(48);
      if (c.date === '2027-01-11') expect(c.end <= 40 || c.start >= 44).toBe(true);
    }
    // An empty day adds no idle time; adjacent to 10:00-11:00 neither: 9:15 and 11:00 on the 11th.
    expect(all[0]).toEqual({ date: '2027-01-04', start: 36, end: 39, idleAddedMinutes: 0 });
    const eleventh = all.filter((c) => c.date === '2027-01-11');
    expect(eleventh.filter((c) => c.idleAddedMinutes === 0).map((c) => c.start)).toEqual([37, 44]);
    expect(eleventh.find((c) => c.start === 36)!.idleAddedMinutes).toBe(15);
    expect(makeupCandidates(model, [{ date: '2027-01-11', weekday: 0, busy: [{ start: 40, end: 44 }] }], 3)).toHaveLength(3);
  });

  it('a lesson filling a gap lowers the idle time (negative), which is best', () => {
    const c = makeupCandidates(model, [
      {
        date: '2027-01-18',
        weekday: 0,
        busy: [
          { start: 32, end: 36 },
          { start: 39, end: 48 },
        ],
      },
    ]);
    expect(c).toEqual([{ date: '2027-01-18', start: 36, end: 39, idleAddedMinutes: -45 }]);
    expect(
      dayIdle([
        { start: 32, end: 36 },
        { start: 39, end: 48 },
      ]),
    ).toBe(3);
  });
});
