import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { clockSlot, fixSentence, fixSlots, freeWindowFor, rangeCovering, withWindow } from './fixes';
import { placeMember } from './placements';

const EMPTY_PLAN = { placements: [], errors: [] };

describe('fixes in plain German', () => {
  it('names the window, the other student and the week of a biweekly lesson', () => {
    expect(fixSentence({ kind: 'teacher_time', day: 1, start: '16:00', end: '16:45' }, 'Lena')).toBe('Wenn du Di 16:00–16:45 freigibst, passt Lena hinein.');
    expect(fixSentence({ kind: 'student_time', day: 6, start: '09:00', end: '10:00' }, 'Lena')).toBe(
      'Wenn Lena zusätzlich So 09:00–10:00 Zeit hat, passt Lena hinein.',
    );
    expect(fixSentence({ kind: 'move_other', member_id: 'm-j', name: 'Jonas Berg', to: { day: 2, start: '10:00', week: null } }, 'Lena', 'Jonas')).toBe(
      'Wenn Jonas auf Mi 10:00 wechselt, passt Lena hinein.',
    );
    expect(fixSentence({ kind: 'move_other', member_id: 'm-j', name: 'Jonas Berg', to: { day: 2, start: '10:00', week: 'B' } }, 'Lena')).toBe(
      'Wenn Jonas Berg auf Mi 10:00 (Woche B) wechselt, passt Lena hinein.',
    );
    expect(fixSentence({ kind: 'shorter', duration: 30 }, 'Lena')).toBe('Mit 30 Minuten passt Lena hinein.');
  });
});

describe('the slots of a fix', () => {
  const fix = { kind: 'teacher_time' as const, day: 0, start: '10:00', end: '11:00' };

  it('maps HH:MM to quarter-hour slots (24:00 ends the day) and adds the window to times', () => {
    expect(clockSlot('10:15')).toBe(41);
    expect(clockSlot('24:00')).toBe(96);
    expect(fixSlots({ ...fix, start: '23:00', end: '24:00' })).toEqual({ day: 0, start: 92, end: 96 });
    const times = withWindow(WeekSlots.fromTimesMap({ '0': ['9.00', '9.15', '9.30', '9.45'] }), fix);
    expect(times.toTimesMap()['0']).toEqual(['9.00', '9.15', '9.30', '9.45', '10.00', '10.15', '10.30', '10.45']);
  });

  it('widens the visible range to show the window', () => {
    expect(rangeCovering({ start: 44, end: 76 }, fix)).toEqual({ start: 40, end: 76 });
    expect(rangeCovering({ start: 32, end: 42 }, fix)).toEqual({ start: 32, end: 44 });
    expect(rangeCovering(null, fix)).toEqual({ start: 40, end: 44 });
  });

  it('finds the first free window inside the student’s and the teacher’s times, or none', () => {
    const student = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15', '9.30', '9.45'] });
    const teacher = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15', '9.30', '9.45', '10.00'] });
    expect(freeWindowFor(EMPTY_PLAN, 'm-l', 4, student, teacher, false)).toEqual({ day: 0, start: 36, week: null });
    const taken = placeMember(EMPTY_PLAN, 'm-j', 0, 37, 2);
    expect(freeWindowFor(taken, 'm-l', 4, student, teacher, false)).toBeNull();
    expect(freeWindowFor(taken, 'm-l', 1, student, teacher, false)).toEqual({ day: 0, start: 36, week: null });
  });
});
