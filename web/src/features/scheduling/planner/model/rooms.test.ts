import { describe, expect, it } from 'vitest';
import { placeMember, setLessonRoom, setLessonWeek } from './placements';
import { pdfRoomsOfPlan, planHasRooms, roomLabel, roomsOfPlan, withRooms } from './rooms';
import { buildSavePayload } from './schedule-forms';
import type { PlanContent } from './types';

const R1 = { id: 'r-1', name: 'Raum 1.01', site_id: 's-1', site_name: 'Hauptstelle' };
const plan: PlanContent = {
  placements: [
    { memberId: 'a', day: 0, start: 40, end: 42, pinned: false },
    { memberId: 'b', day: 1, start: 32, end: 35, pinned: true },
  ],
  errors: [],
};
const ids = new Set(['a', 'b']);

describe('rooms of the plan', () => {
  it('labels a room with its site', () => expect(roomLabel(R1)).toBe('Raum 1.01, Hauptstelle'));

  it('attaches rooms by member; the save and PDF maps list members with a room only', () => {
    const withRoom = withRooms(plan, { a: R1 });
    expect(planHasRooms(plan)).toBe(false);
    expect(planHasRooms(withRoom)).toBe(true);
    expect(roomsOfPlan(withRoom, ids)).toEqual({ a: 'r-1' });
    expect(roomsOfPlan(withRoom, new Set(['b']))).toEqual({});
    expect(pdfRoomsOfPlan(withRoom, ids)).toEqual({ a: { name: 'Raum 1.01', site_name: 'Hauptstelle' } });
  });

  it('a move keeps the room to be checked; the same place keeps it checked; a week switch checks it', () => {
    const withRoom = withRooms(plan, { a: R1 });
    expect(placeMember(withRoom, 'a', 0, 40, 2).placements.find((p) => p.memberId === 'a')).toMatchObject({ room: R1 });
    expect(placeMember(withRoom, 'a', 0, 40, 2).placements.find((p) => p.memberId === 'a')!.roomUnchecked).toBeUndefined();
    expect(placeMember(withRoom, 'a', 2, 56, 2).placements.find((p) => p.memberId === 'a')).toMatchObject({ room: R1, roomUnchecked: true });
    expect(setLessonWeek(withRoom, 'a', 'B').placements.find((p) => p.memberId === 'a')).toMatchObject({ week: 'B', roomUnchecked: true });
    expect(placeMember(plan, 'a', 2, 56, 2).placements.find((p) => p.memberId === 'a')!.room).toBeUndefined();
    const chosen = setLessonRoom(placeMember(withRoom, 'a', 2, 56, 2), 'a', null).placements.find((p) => p.memberId === 'a')!;
    expect(chosen.room).toBeNull();
    expect(chosen.roomUnchecked).toBeUndefined();
  });

  it('the save body has rooms only for a plan with rooms', () => {
    const base = { name: 'P', description: null, classId: 'c', memberIds: ids };
    expect(buildSavePayload({ ...base, content: plan }).payload).not.toHaveProperty('rooms');
    expect(buildSavePayload({ ...base, content: plan, withRooms: true }).payload.rooms).toEqual({});
    expect(buildSavePayload({ ...base, content: withRooms(plan, { b: R1 }) }).payload.rooms).toEqual({ b: 'r-1' });
  });
});
