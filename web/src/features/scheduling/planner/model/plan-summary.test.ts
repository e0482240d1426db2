import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { inPreferred, movedMembers, preferredWeek } from './plan-summary';
import type { PlanContent, PlannerMember } from './types';

const plan = (...ps: [string, number, number, number][]): PlanContent => ({
  placements: ps.map(([memberId, day, start, end]) => ({ memberId, day, start, end, pinned: false })),
  errors: [],
});

describe('plan summary', () => {
  it('takes the preferred times of the chosen source and checks that a lesson lies entirely in them', () => {
    const member: PlannerMember = {
      member_id: 'a',
      name: 'A',
      duration: 30,
      preferred_times: { '0': ['9.00', '9.15'] },
      preferred_times_user_input: { '1': ['9.00'] },
    };
    const teacher = preferredWeek(member, 'available_times');
    expect(inPreferred({ memberId: 'a', day: 0, start: 36, end: 38, pinned: false }, teacher)).toBe(true);
    expect(inPreferred({ memberId: 'a', day: 0, start: 37, end: 39, pinned: false }, teacher)).toBe(false);
    expect(preferredWeek(member, 'available_times_user_input').has(1, 36)).toBe(true);
    expect(inPreferred({ memberId: 'a', day: 0, start: 36, end: 38, pinned: false }, WeekSlots.empty())).toBe(false);
  });

  it('finds the members whose lesson moved or vanished', () => {
    expect(movedMembers(plan(['a', 0, 36, 38], ['b', 1, 40, 42], ['c', 2, 40, 42]), plan(['a', 0, 36, 38], ['b', 1, 42, 44]))).toEqual(['b', 'c']);
  });
});
