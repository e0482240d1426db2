import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { candidateCounts, candidateShade, maxCandidates } from './candidates';

const week = (map: Record<string, string[]>) => WeekSlots.fromTimesMap(map);

describe('candidateCounts', () => {
  it('counts each student once per slot covered by a fitting free window', () => {
    const grid = candidateCounts(
      [
        { memberId: 'a', times: week({ '0': ['9.00', '9.15', '9.30'] }), length: 2 },
        { memberId: 'b', times: week({ '0': ['9.15', '9.30'] }), length: 2 },
      ],
      WeekSlots.empty(),
    );
    expect(grid[0]!.slice(35, 40)).toEqual([0, 1, 2, 2, 0]);
    expect(maxCandidates(grid)).toBe(2);
  });
  it('ignores windows that are too short for the lesson', () => {
    const grid = candidateCounts([{ memberId: 'a', times: week({ '2': ['9.00', '9.15'] }), length: 3 }], WeekSlots.empty());
    expect(maxCandidates(grid)).toBe(0);
  });
  it('occupied slots count 0 and break windows', () => {
    const occupied = WeekSlots.fromRanges([{ day: 0, start: 37, end: 38 }]);
    const grid = candidateCounts([{ memberId: 'a', times: week({ '0': ['9.00', '9.15', '9.30', '9.45'] }), length: 2 }], occupied);
    // 9.00 alone (36) is too short before the occupied 9.15; 9.30-9.45 still fits.
    expect(grid[0]!.slice(36, 40)).toEqual([0, 0, 1, 1]);
  });
  it('is all zero without students', () => {
    expect(maxCandidates(candidateCounts([], WeekSlots.empty()))).toBe(0);
  });
});

describe('candidateShade', () => {
  it('is 0 for no candidates and grows with the count', () => {
    expect(candidateShade(0, 3)).toBe(0);
    expect(candidateShade(1, 0)).toBe(0);
    expect(candidateShade(3, 3)).toBe(1);
    expect(candidateShade(1, 3)).toBeGreaterThan(0);
    expect(candidateShade(1, 3)).toBeLessThan(candidateShade(2, 3));
  });
});
