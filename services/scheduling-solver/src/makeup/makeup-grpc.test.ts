import { AppError } from '@stundenplan/base';
import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import type { MemberPlanningTimes } from '../clients/availability-client.js';
import type { ClassMember } from '../clients/classes-client.js';
import { suggestMakeup, type MakeupDeps } from './makeup-grpc.js';

const morning = { '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15', '10.30', '10.45'] };
const anna: ClassMember = { memberId: 'm-anna', userId: 'u-anna', verified: true, name: 'Anna', email: '', duration: 45, frequency: 'weekly' };

function deps(opts: { owner?: string; own?: Record<string, string[]>; entered?: Record<string, string[]> } = {}): MakeupDeps {
  const times: MemberPlanningTimes = {
    memberId: anna.memberId,
    userId: anna.userId,
    availableTimes: WeekSlots.fromTimesMap(opts.entered ?? {}),
    availableTimesUserInput: WeekSlots.fromTimesMap(opts.own ?? {}),
    preferredTimes: WeekSlots.empty(),
    preferredTimesUserInput: WeekSlots.empty(),
  };
  return {
    classes: {
      getClass: async () => {
        throw new Error('not used');
      },
      listMembers: async (_classId, teacherId) => {
        if (teacherId !== (opts.owner ?? 't-1')) throw new AppError('FORBIDDEN', 'not the owner');
        return [anna];
      },
      close: () => undefined,
    },
    availability: { getPlanningData: async () => ({ teacherTimes: WeekSlots.fromTimesMap(morning), members: [times] }), close: () => undefined },
  };
}

const day = { date: '2027-01-11', weekday: 0, busy: [{ start: 36, end: 39 }] };
const req = (over: Partial<Parameters<typeof suggestMakeup>[1]> = {}) => ({
  classId: 'c',
  teacherId: 't-1',
  memberId: anna.memberId,
  days: [day],
  limit: 3,
  ...over,
});

describe('SuggestMakeup', () => {
  it('answers the valid times of the member inside both parties’ times, best first', async () => {
    const res = await suggestMakeup(deps({ own: morning }), req());
    // 9:45-10:30 is adjacent to the 9:00 lesson (0 idle); 10:00 leaves a 15-minute gap, 10:15 one of 30.
    expect(res.candidates).toEqual([
      { date: '2027-01-11', start: 39, end: 42, idleAddedMinutes: 0 },
      { date: '2027-01-11', start: 40, end: 43, idleAddedMinutes: 15 },
      { date: '2027-01-11', start: 41, end: 44, idleAddedMinutes: 30 },
    ]);
    expect((await suggestMakeup(deps({ own: morning }), req({ limit: 1 }))).candidates).toHaveLength(1);
  });

  it('uses the teacher-entered times when the student gave none of their own', async () => {
    const res = await suggestMakeup(deps({ entered: { '0': ['10.00', '10.15', '10.30'] } }), req());
    expect(res.candidates.map((c) => c.start)).toEqual([40]);
  });

  it('refuses another teacher and an unknown member with NOT_FOUND, and too many days', async () => {
    await expect(suggestMakeup(deps({ own: morning }), req({ teacherId: 't-2' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(suggestMakeup(deps({ own: morning }), req({ memberId: 'm-x' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(suggestMakeup(deps({ own: morning }), req({ days: Array(401).fill(day) }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
