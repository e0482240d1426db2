import { describe, expect, it } from 'vitest';
import type { CancellationRow, MakeupRow } from '../data/makeup-repository.js';
import type { DatedLesson } from './dated-lesson.js';
import { applyMakeupChanges } from './lesson-changes.js';
import { clockOf, makeupStatus } from './makeups.js';

const lesson = (member_id: string, date: string, start: string, end: string, status: DatedLesson['status'] = 'planned'): DatedLesson => ({
  member_id,
  name: member_id === 'a' ? 'Anna Alt' : 'Ben Bauer',
  date,
  start,
  end,
  status,
  reason: null,
  week: null,
});

const makeup = (over: Partial<MakeupRow> = {}): MakeupRow => ({
  id: 'mk-1',
  classId: 'c',
  memberId: 'a',
  teacherId: 't',
  cancelledDate: '2027-01-13',
  expiresOn: '2027-02-10',
  bookedDate: null,
  bookedStart: null,
  bookedEnd: null,
  ...over,
});

describe('make-up state over the dated lessons', () => {
  it('a cancellation marks only that member’s lesson of that date; a booked make-up is one more lesson', () => {
    const all = [lesson('a', '2027-01-13', '10:00', '10:45'), lesson('b', '2027-01-13', '11:00', '11:45'), lesson('a', '2027-01-20', '10:00', '10:45')];
    const cancelled: CancellationRow = {
      id: 'x',
      classId: 'c',
      memberId: 'a',
      date: '2027-01-13',
      start: '10:00',
      end: '10:45',
      byRole: 'teacher',
      createdAt: new Date('2027-01-01T00:00:00Z'),
      reason: 'Krank',
      makeupId: 'mk-1',
    };
    const out = applyMakeupChanges(all, [cancelled], [makeup({ bookedDate: '2027-01-15', bookedStart: '09:45', bookedEnd: '10:30' })]);
    expect(out.map((l) => [l.member_id, l.date, l.start, l.status, l.reason])).toEqual([
      ['a', '2027-01-13', '10:00', 'cancelled', 'Krank'],
      ['b', '2027-01-13', '11:00', 'planned', null],
      ['a', '2027-01-20', '10:00', 'planned', null],
      ['a', '2027-01-15', '09:45', 'makeup', 'Nachholtermin für den 13.01.2027'],
    ]);
    expect(out[0]).toMatchObject({ makeup_id: 'mk-1' });
    expect(out[3]).toMatchObject({ name: 'Anna Alt', end: '10:30', week: null, makeup_id: 'mk-1' });
    // A holiday stays a holiday; an open make-up adds nothing.
    const holiday = [lesson('a', '2027-01-13', '10:00', '10:45', 'holiday')];
    expect(applyMakeupChanges(holiday, [cancelled], [makeup()])).toEqual(holiday);
  });

  it('open until its last day, then expired; booked stays booked', () => {
    expect(makeupStatus(makeup(), '2027-02-10')).toBe('open');
    expect(makeupStatus(makeup(), '2027-02-11')).toBe('expired');
    expect(makeupStatus(makeup({ bookedDate: '2027-01-15' }), '2027-03-01')).toBe('booked');
  });

  it('quarter hours as HH:MM', () => {
    expect([clockOf(0), clockOf(39), clockOf(95), clockOf(96)]).toEqual(['00:00', '09:45', '23:45', '24:00']);
  });
});
