import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { pdfBody } from '../hooks/pdf-export';
import { parseCalcAnswer } from './calculation';
import { calcAnswer, MEMBERS, placementView } from './fixtures';
import { dropWeek, evaluateDrop, pinnedForCalculation, placeMember } from './placements';
import { buildSavePayload, planFromSaved } from './schedule-forms';
import type { Placement, PlanContent } from './types';

const ANY = WeekSlots.fromRanges([{ day: 0, start: 0, end: 96 }]);
// Anna (30 min) biweekly in the A week on Monday 10:00-10:30.
const annaA: Placement = { memberId: 'm-anna', day: 0, start: 40, end: 42, pinned: false, week: 'A' };
const plan = (...placements: Placement[]): PlanContent => ({ placements, errors: [] });

describe('biweekly lessons in the plan', () => {
  it('a lesson of the other week leaves the quarter hour free; a weekly lesson or one of the same week does not', () => {
    const p = plan(annaA);
    expect(evaluateDrop(p, 'm-ben', 0, 40, 3, ANY, 'B')).toEqual({ kind: 'ok', available: true });
    expect(evaluateDrop(p, 'm-ben', 0, 40, 3, ANY, 'A')).toEqual({ kind: 'occupied', by: 'm-anna' });
    expect(evaluateDrop(p, 'm-ben', 0, 40, 3, ANY, null)).toEqual({ kind: 'occupied', by: 'm-anna' });
    expect(evaluateDrop(plan({ ...annaA, week: null }), 'm-ben', 0, 40, 3, ANY, 'B')).toEqual({ kind: 'occupied', by: 'm-anna' });
  });

  it('a new biweekly lesson goes into the A week, or the B week when only that is free; a moved one keeps its week', () => {
    expect(dropWeek(plan(), 'm-ben', undefined, 0, 40, 3)).toBe('A');
    expect(dropWeek(plan(annaA), 'm-ben', undefined, 0, 40, 3)).toBe('B');
    expect(dropWeek(plan(annaA), 'm-ben', 'A', 0, 40, 3)).toBe('A');
    const moved = placeMember(plan({ ...annaA, week: 'B' }), 'm-anna', 2, 56, 2);
    expect(moved.placements).toEqual([{ memberId: 'm-anna', day: 2, start: 56, end: 58, pinned: false, week: 'B' }]);
  });

  it('saves both lessons of a shared quarter hour with their weeks and loads them back', () => {
    const benB: Placement = { memberId: 'm-ben', day: 0, start: 40, end: 43, pinned: true, week: 'B' };
    const carla: Placement = { memberId: 'm-carla', day: 1, start: 36, end: 40, pinned: false };
    const content = plan(annaA, benB, carla);
    const { payload } = buildSavePayload({ name: 'x', description: '', classId: 'c', content, memberIds: new Set(['m-anna', 'm-ben', 'm-carla']) });
    expect(payload.available_times['0']).toEqual([
      ['10.00', 'm-anna', 'A'],
      ['10.00', 'm-ben', 'B'],
      ['10.15', 'm-anna', 'A'],
      ['10.15', 'm-ben', 'B'],
      ['10.30', 'm-ben', 'B'],
    ]);
    expect(payload.available_times['1']).toEqual([
      ['9.00', 'm-carla'],
      ['9.15', 'm-carla'],
      ['9.30', 'm-carla'],
      ['9.45', 'm-carla'],
    ]);
    const loaded = planFromSaved(payload.available_times, MEMBERS, payload.pinned);
    expect(loaded.errors).toEqual([]);
    expect(loaded.placements).toEqual(expect.arrayContaining([annaA, benB, carla]));
    expect(loaded.placements).toHaveLength(3);
    expect(pinnedForCalculation(loaded.placements, new Set(['m-ben']))).toEqual([{ member_id: 'm-ben', day: 0, start: '10.00', week: 'B' }]);
  });

  it("takes the calculation answer's week, with two biweekly students in one quarter hour", () => {
    const outcome = parseCalcAnswer(
      calcAnswer([
        { ...placementView('m-anna', 0, 40, 42), week: 'A' },
        { ...placementView('m-ben', 0, 40, 43), week: 'B' },
      ]),
      MEMBERS,
      new Date('2026-12-01T10:00:00Z'),
    );
    expect(outcome?.plan.placements).toEqual([
      { memberId: 'm-anna', day: 0, start: 40, end: 42, pinned: false, week: 'A' },
      { memberId: 'm-ben', day: 0, start: 40, end: 43, pinned: false, week: 'B' },
    ]);
  });

  it('exports both lessons of a shared quarter hour to the PDF with their weeks', () => {
    const benB: Placement = { memberId: 'm-ben', day: 0, start: 40, end: 41, pinned: false, week: 'B' };
    const body = pdfBody({ plan: plan(annaA, benB), members: MEMBERS, shortNames: new Map(), range: null, className: 'K' });
    expect(body.schedule['0']).toEqual([
      ['10.00', 'm-anna', 'A'],
      ['10.00', 'm-ben', 'B'],
      ['10.15', 'm-anna', 'A'],
    ]);
  });
});
