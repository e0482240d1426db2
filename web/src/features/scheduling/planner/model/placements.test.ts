import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import {
  evaluateDrop,
  isAvailableAt,
  lessonSlots,
  occupantAt,
  occupiedWeek,
  pinnedForCalculation,
  placeMember,
  removeErrorEntry,
  togglePinned,
  unplaceMember,
} from './placements';
import type { PlanContent } from './types';

const week = (map: Record<string, string[]>) => WeekSlots.fromTimesMap(map);
const empty: PlanContent = { placements: [], errors: [] };

describe('lessonSlots', () => {
  it('is duration / 15, at least 1', () => {
    expect(lessonSlots(30)).toBe(2);
    expect(lessonSlots(45)).toBe(3);
    expect(lessonSlots(120)).toBe(8);
    expect(lessonSlots(0)).toBe(1);
  });
});

describe('placeMember / unplaceMember', () => {
  it('places with end = start + length and clears the earlier placement and error entries of that member', () => {
    let plan = placeMember(empty, 'a', 0, 36, 2);
    expect(plan.placements).toEqual([{ memberId: 'a', day: 0, start: 36, end: 38, pinned: false }]);
    plan = { ...plan, errors: [{ key: 'e', name: 'ERROR: x', memberId: 'a', unknownMember: false, day: 3, start: 0, end: 1 }] };
    plan = placeMember(plan, 'a', 2, 40, 2);
    expect(plan.placements).toEqual([{ memberId: 'a', day: 2, start: 40, end: 42, pinned: false }]);
    expect(plan.errors).toEqual([]);
  });
  it('keeps the lock when a locked lesson is moved', () => {
    const plan = placeMember(togglePinned(placeMember(empty, 'a', 0, 36, 2), 'a'), 'a', 1, 36, 2);
    expect(plan.placements[0]!.pinned).toBe(true);
  });
  it('unplaces via the delete cross', () => {
    const plan = unplaceMember(placeMember(placeMember(empty, 'a', 0, 36, 2), 'b', 0, 40, 2), 'a');
    expect(plan.placements.map((p) => p.memberId)).toEqual(['b']);
  });
  it('removes an error entry by key', () => {
    const plan = removeErrorEntry(
      { placements: [], errors: [{ key: 'e', name: 'ERROR: x', memberId: 'g', unknownMember: true, day: 0, start: 0, end: 1 }] },
      'e',
    );
    expect(plan.errors).toEqual([]);
  });
});

describe('togglePinned / pinnedForCalculation', () => {
  it('toggles the lock and sends locked lessons as {member_id, day, start label}', () => {
    let plan = placeMember(placeMember(empty, 'a', 0, 37, 2), 'b', 4, 56, 3);
    plan = togglePinned(plan, 'b');
    expect(pinnedForCalculation(plan.placements, new Set(['a', 'b']))).toEqual([{ member_id: 'b', day: 4, start: '14.00' }]);
    plan = togglePinned(plan, 'b');
    expect(pinnedForCalculation(plan.placements, new Set(['a', 'b']))).toEqual([]);
  });
  it('never pins members outside the class', () => {
    const plan = togglePinned(placeMember(empty, 'ghost', 0, 37, 2), 'ghost');
    expect(pinnedForCalculation(plan.placements, new Set(['a']))).toEqual([]);
  });
});

describe('availability check', () => {
  const times = week({ '0': ['9.00', '9.15', '9.30'] });
  it('needs every slot covering the lesson in the chosen times', () => {
    expect(isAvailableAt(times, 0, 36, 2)).toBe(true);
    expect(isAvailableAt(times, 0, 36, 3)).toBe(true);
    expect(isAvailableAt(times, 0, 37, 3)).toBe(false);
    expect(isAvailableAt(times, 1, 36, 1)).toBe(false);
    expect(isAvailableAt(times, 0, 35, 2)).toBe(false);
  });
});

describe('evaluateDrop', () => {
  const times = week({ '0': ['9.00', '9.15', '9.30', '9.45'] });
  const plan = placeMember(empty, 'b', 0, 38, 2);
  it('is ok and available inside the chosen times', () => {
    expect(evaluateDrop(plan, 'a', 0, 36, 2, times)).toEqual({ kind: 'ok', available: true });
  });
  it('needs the override confirmation outside the chosen times', () => {
    expect(evaluateDrop(plan, 'a', 1, 36, 2, times)).toEqual({ kind: 'ok', available: false });
  });
  it('refuses a drop on top of another lesson', () => {
    expect(evaluateDrop(plan, 'a', 0, 37, 2, times)).toEqual({ kind: 'occupied', by: 'b' });
  });
  it("lets a member move onto its own lesson's slots", () => {
    expect(evaluateDrop(plan, 'b', 0, 39, 2, times)).toEqual({ kind: 'ok', available: false });
  });
  it('refuses a lesson running past the end of the day', () => {
    expect(evaluateDrop(empty, 'a', 0, 95, 2, times)).toEqual({ kind: 'outside' });
    expect(evaluateDrop(empty, 'a', 7, 30, 2, times)).toEqual({ kind: 'outside' });
    expect(evaluateDrop(empty, 'a', 0, -1, 2, times)).toEqual({ kind: 'outside' });
  });
});

describe('occupancy', () => {
  it('covers placements and error entries', () => {
    const plan: PlanContent = {
      placements: [{ memberId: 'a', day: 0, start: 36, end: 38, pinned: false }],
      errors: [{ key: 'e', name: 'ERROR: x', memberId: 'g', unknownMember: true, day: 1, start: 40, end: 41 }],
    };
    const occ = occupiedWeek(plan);
    expect(occ.count()).toBe(3);
    expect(occ.has(1, 40)).toBe(true);
    expect(occupiedWeek(plan, 'a').count()).toBe(1);
    expect(occupantAt(plan, 0, 37)).toBe('a');
    expect(occupantAt(plan, 0, 38)).toBeUndefined();
  });
});
