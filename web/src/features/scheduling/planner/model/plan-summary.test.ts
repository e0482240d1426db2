import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { inPreferred, movedMembers, parseSummary, preferredWeek } from './plan-summary';
import type { PlanContent, PlannerMember } from './types';

const plan = (...ps: [string, number, number, number][]): PlanContent => ({
  placements: ps.map(([memberId, day, start, end]) => ({ memberId, day, start, end, pinned: false })),
  errors: [],
});

describe('plan summary', () => {
  it('reads the summary of the calculation answer', () => {
    expect(
      parseSummary({
        summary: { placed: 5, preferred_placed: 4, idle_minutes: 0, moved: 1, proven: true, preferred_member_ids: ['a'], moved_member_ids: ['b'] },
      }),
    ).toEqual({
      placed: 5,
      preferredPlaced: 4,
      moved: 1,
      preferredIds: ['a'],
      movedIds: ['b'],
    });
    expect(parseSummary({ summary: { placed: 5, preferred_placed: 4 } })?.movedIds).toBeNull();
    expect(parseSummary({ placements: [] })).toBeNull();
    expect(parseSummary({ summary: { placed: -1, preferred_placed: 0 } })).toBeNull();
  });

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
