import { describe, expect, it } from 'vitest';
import type { BookedSpan, PlanningRoom, RoomPlanning } from '../clients/school-client.js';
import { allowedStarts, assignRooms, RoomBoard, type RoomLesson } from './rooms.js';

const room = (roomId: string, siteId: string, equipment: string[] = [], open?: { day: number; start: number; end: number }[]): PlanningRoom => ({
  roomId,
  name: roomId,
  siteId,
  siteName: siteId,
  equipment,
  alwaysOpen: !open,
  open: open ?? [],
});
const booking = (roomId: string, siteId: string, day: number, start: number, end: number, week: 'A' | 'B' | null = null): BookedSpan => ({
  roomId,
  span: { day, start, end },
  week,
  classId: 'other',
  siteId,
});
const board = (p: Partial<RoomPlanning>) => new RoomBoard({ rooms: [], travel: [], taken: [], teacherLessons: [], ...p });

describe('RoomBoard', () => {
  it('a booking of week A takes the room in week A only; a weekly lesson needs both weeks', () => {
    const b = board({ rooms: [room('r', 's')], taken: [booking('r', 's', 0, 36, 40, 'A')] });
    expect(b.roomFree(0, 'A', 0, 36, 4)).toBe(false);
    expect(b.roomFree(0, 'B', 0, 36, 4)).toBe(true);
    expect(b.roomFree(0, 'both', 0, 36, 4)).toBe(false);
    expect(b.roomFree(0, 'both', 0, 40, 4)).toBe(true);
  });

  it('opening times bound the lesson; equipment and sites select the rooms; unknown sites are dropped', () => {
    const b = board({ rooms: [room('a', 's1', ['organ'], [{ day: 1, start: 36, end: 40 }]), room('b', 's2', ['organ', 'grand_piano'])] });
    expect(b.roomFree(0, 'both', 1, 36, 4)).toBe(true);
    expect(b.roomFree(0, 'both', 1, 37, 4)).toBe(false);
    expect(b.suitableRooms({ needs: ['organ'], sites: [] })).toEqual([0, 1]);
    expect(b.suitableRooms({ needs: ['grand_piano'], sites: [] })).toEqual([1]);
    expect(b.suitableRooms({ needs: [], sites: ['s1'] })).toEqual([0]);
    expect(b.suitableRooms({ needs: [], sites: ['gone'] })).toEqual([0, 1]);
    expect(b.travelMinutes('s1', 's2')).toBe(30);
    expect(b.travelMinutes('s1', 's1')).toBe(0);
  });

  it('allowed starts: some suitable room free for the whole lesson and the teacher not elsewhere', () => {
    const b = board({
      rooms: [room('a', 's1', [], [{ day: 0, start: 36, end: 44 }])],
      taken: [booking('a', 's1', 0, 40, 41)],
      teacherLessons: [booking('x', 's2', 0, 43, 44, 'B')],
    });
    // 9.00 (36) - 11.00 (44), 10.00-10.15 taken: a 60-minute lesson fits only at 9.00.
    expect(allowedStarts(b, [0], 'both', 4, new Set(), 'm')).toEqual({ '0': ['9.00'] });
    // A 15-minute lesson in week B: not at 10.00 (taken) nor 10.45 (the teacher is elsewhere in week B).
    expect(allowedStarts(b, [0], 'B', 1, new Set(), 'm')['0']).toEqual(['9.00', '9.15', '9.30', '9.45', '10.15', '10.30']);
    expect(allowedStarts(b, [0], 'A', 1, new Set(), 'm')['0']).toContain('10.45');
  });
});

describe('assignRooms', () => {
  const lesson = (memberId: string, start: number, end: number, rooms: number[]): RoomLesson => ({ memberId, day: 0, start, end, weeks: 'both', rooms });

  it('stays in one room and at one site when it can', () => {
    const b = board({ rooms: [room('a', 's1'), room('b', 's1'), room('c', 's2')] });
    const r = assignRooms(b, [lesson('x', 36, 40, [0, 1, 2]), lesson('y', 40, 44, [1, 2]), lesson('z', 44, 48, [0, 1, 2])]);
    expect(r.conflicts).toEqual([]);
    expect([...r.rooms.values()]).toEqual([1, 1, 1]);
  });

  it('leaves the travel time between sites and names the lesson that cannot make it', () => {
    const b = board({ rooms: [room('a', 's1'), room('c', 's2')], travel: [{ fromSiteId: 's1', toSiteId: 's2', minutes: 45 }] });
    const ok = assignRooms(b, [lesson('x', 36, 40, [0]), lesson('y', 43, 47, [1])]);
    expect(ok.conflicts).toEqual([]);
    const bad = assignRooms(b, [lesson('x', 36, 40, [0]), lesson('y', 42, 46, [1])]);
    // y would need to start at 10.45 (43) or later: 10.30 (42) is taken away.
    expect(bad.conflicts).toEqual([{ memberId: 'y', weeks: 'both', day: 0, start: 42, starts: [42] }]);
    expect(bad.rooms.get('y')).toBe(1);
  });

  it('treats the teacher’s lesson of another class as a fixed point at its site', () => {
    const b = board({ rooms: [room('a', 's1')], teacherLessons: [booking('x', 's2', 0, 40, 44)] });
    // 9.00-9.45 at s1, then 10.00 at s2: only 15 minutes for 30 minutes of travel; the earlier lesson is named
    // with its start (8.45-9.30 would leave the 30 minutes).
    const r = assignRooms(b, [lesson('m', 36, 39, [0])]);
    expect(r.conflicts.map((c) => [c.memberId, c.starts])).toEqual([['m', [36]]]);
    expect(assignRooms(b, [lesson('m', 35, 38, [0])]).conflicts).toEqual([]);
    // A longer travel takes more starts away.
    const far = board({
      rooms: [room('a', 's1')],
      travel: [{ fromSiteId: 's1', toSiteId: 's2', minutes: 60 }],
      teacherLessons: [booking('x', 's2', 0, 40, 44)],
    });
    expect(assignRooms(far, [lesson('m', 36, 39, [0])]).conflicts[0]?.starts).toEqual([36, 35, 34]);
  });
});
