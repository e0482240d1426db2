import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import type { SwapRow } from '../data/swap-repository.js';
import type { DatedLesson } from './dated-lesson.js';
import { applySwaps, lessonsFit, shortName, swapPairs } from './swap-lessons.js';

const lesson = (member_id: string, date: string, start: string, end: string, status: DatedLesson['status'] = 'planned'): DatedLesson => ({
  member_id,
  name: member_id,
  date,
  start,
  end,
  status,
  reason: null,
  week: null,
});

const swap = (over: Partial<SwapRow>): SwapRow => ({
  id: 's',
  classId: 'c',
  teacherId: 't',
  memberId: 'anna',
  userId: 'ua',
  memberName: 'Anna Alt',
  withMemberId: 'ben',
  withUserId: 'ub',
  withMemberName: 'Ben van Bauer',
  date: null,
  fromDate: '2027-01-04',
  status: 'swapped',
  createdAt: new Date(),
  decidedAt: new Date(),
  ...over,
});

// Anna Mondays 9:00-9:30, Ben Wednesdays 10:00-10:30, three weeks; Ben's second Wednesday is a holiday.
const all = [
  lesson('anna', '2027-01-04', '09:00', '09:30'),
  lesson('ben', '2027-01-06', '10:00', '10:30', 'holiday'),
  lesson('anna', '2027-01-11', '09:00', '09:30'),
  lesson('ben', '2027-01-13', '10:00', '10:30'),
  lesson('anna', '2027-01-18', '09:00', '09:30'),
  lesson('ben', '2027-01-20', '10:00', '10:30'),
];

describe('swaps over dated lessons', () => {
  it('names another student by first name and initial only', () => {
    expect(shortName('Lena Vogel')).toBe('Lena V.');
    expect(shortName('  Ben  van  Bauer ')).toBe('Ben B.');
    expect(shortName('Cher')).toBe('Cher');
  });

  it('pairs a date with the other lesson of the same week; a week without a planned lesson has no pair', () => {
    expect(swapPairs(all, swap({ date: '2027-01-11', fromDate: '2027-01-11' })).map(([a, b]) => [a.date, b.date])).toEqual([['2027-01-11', '2027-01-13']]);
    expect(swapPairs(all, swap({ date: '2027-01-04', fromDate: '2027-01-04' }))).toEqual([]);
    expect(swapPairs(all, swap({ fromDate: '2027-01-05' })).map(([a, b]) => [a.date, b.date])).toEqual([
      ['2027-01-11', '2027-01-13'],
      ['2027-01-18', '2027-01-20'],
    ]);
  });

  it('each takes the other’s date and time, marked swapped with the other’s short name; other lessons stay', () => {
    const out = applySwaps(all, [swap({ date: '2027-01-18', fromDate: '2027-01-18' })]);
    expect(out.filter((l) => l.status === 'swapped')).toEqual([
      { ...lesson('anna', '2027-01-20', '10:00', '10:30', 'swapped'), reason: 'Getauscht mit Ben B.' },
      { ...lesson('ben', '2027-01-18', '09:00', '09:30', 'swapped'), reason: 'Getauscht mit Anna A.' },
    ]);
    expect(out.filter((l) => l.status !== 'swapped')).toEqual(all.slice(0, 4));
  });

  it('the room stays with the date and time: each takes the other lesson’s room, none where it had none', () => {
    const room = { id: 'r1', name: 'Raum 1.01', site_id: 's1', site_name: 'Hauptstelle' };
    const withRoom = all.map((l) => (l.member_id === 'ben' ? { ...l, room } : l));
    const out = applySwaps(withRoom, [swap({ date: '2027-01-18', fromDate: '2027-01-18' })]).filter((l) => l.status === 'swapped');
    expect(out.map((l) => [l.member_id, l.date, l.room ?? null])).toEqual([
      ['anna', '2027-01-20', room],
      ['ben', '2027-01-18', null],
    ]);
    expect(out[1]).not.toHaveProperty('room');
  });

  it('a lesson cancelled before a weekly swap was made stays out of it; one cancelled after it is where the swap put it', () => {
    const made = new Date('2027-01-02T10:00:00Z');
    const weekly = swap({ fromDate: '2027-01-05', decidedAt: made });
    const cancelled = (memberId: string, date: string, start: string, at: string) => ({ memberId, date, start, createdAt: new Date(at) });
    const out = applySwaps(all, [weekly], [cancelled('anna', '2027-01-11', '09:00', '2027-01-01T10:00:00Z')]);
    expect(out.filter((l) => l.status === 'swapped').map((l) => [l.member_id, l.date])).toEqual([
      ['anna', '2027-01-20'],
      ['ben', '2027-01-18'],
    ]);
    // Cancelled after the swap: the swap is made as before (the cancellation then names the swapped lesson).
    const later = applySwaps(all, [weekly], [cancelled('anna', '2027-01-11', '09:00', '2027-01-03T10:00:00Z')]);
    expect(later.filter((l) => l.status === 'swapped')).toHaveLength(4);
  });

  it('fits only equally long lessons inside both students’ times', () => {
    const a = lesson('anna', '2027-01-11', '09:00', '09:30');
    const b = lesson('ben', '2027-01-13', '10:00', '10:30');
    const mondayAndWednesday = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
    const wednesdayOnly = WeekSlots.fromTimesMap({ '2': ['10.00', '10.15'] });
    expect(lessonsFit(a, mondayAndWednesday, b, mondayAndWednesday)).toBe(true);
    expect(lessonsFit(a, mondayAndWednesday, b, wednesdayOnly)).toBe(false);
    expect(lessonsFit(a, mondayAndWednesday, { ...b, end: '10:45' }, mondayAndWednesday)).toBe(false);
  });
});
