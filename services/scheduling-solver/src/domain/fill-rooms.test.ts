import { describe, expect, it } from 'vitest';
import type { BookedSpan, PlanningRoom, RoomPlanning } from '../clients/school-client.js';
import { fillMissingRooms, savedLessons, type SavedLesson } from './fill-rooms.js';
import { RoomBoard } from './rooms.js';

const room = (roomId: string, siteId: string, open?: { day: number; start: number; end: number }[]): PlanningRoom => ({
  roomId,
  name: roomId,
  siteId,
  siteName: siteId,
  equipment: [],
  alwaysOpen: !open,
  open: open ?? [],
});
const booking = (roomId: string, siteId: string, day: number, start: number, end: number): BookedSpan => ({
  roomId,
  span: { day, start, end },
  week: null,
  classId: 'other',
  siteId,
});
const board = (p: Partial<RoomPlanning>) => new RoomBoard({ rooms: [], travel: [], taken: [], teacherLessons: [], ...p });
const lesson = (memberId: string, day: number, start: number, end: number): SavedLesson => ({ memberId, day, start, end, weeks: 'both' });
const names = (b: RoomBoard, m: Map<string, number>) => Object.fromEntries([...m].map(([id, r]) => [id, b.rooms[r]!.roomId]));

describe('savedLessons', () => {
  it('runs of consecutive quarter hours per member, day and week', () => {
    expect(
      savedLessons({
        '0': [
          ['9.00', 'anna'],
          ['9.15', 'anna'],
          ['9.30', 'ben'],
          ['10.00', 'anna'],
        ],
        '2': [
          ['14.00', 'cara', 'A'],
          ['14.15', 'cara', 'A'],
          ['14.00', 'dora', 'B'],
        ],
      }),
    ).toEqual([
      { memberId: 'anna', day: 0, start: 36, end: 38, weeks: 'both' },
      { memberId: 'ben', day: 0, start: 38, end: 39, weeks: 'both' },
      { memberId: 'anna', day: 0, start: 40, end: 41, weeks: 'both' },
      { memberId: 'cara', day: 2, start: 56, end: 58, weeks: 'A' },
      { memberId: 'dora', day: 2, start: 56, end: 57, weeks: 'B' },
    ]);
  });
});

describe('fillMissingRooms', () => {
  it('a free suitable room: not one booked by another class, only the member’s suitable rooms', () => {
    const b = board({ rooms: [room('r1', 's'), room('r2', 's'), room('r3', 's')], taken: [booking('r1', 's', 0, 40, 42)] });
    const got = fillMissingRooms(b, [lesson('anna', 0, 36, 39), lesson('ben', 0, 40, 42)], new Map([['anna', 0]]), new Map([['ben', [0, 1]]]));
    expect(names(b, got)).toEqual({ ben: 'r2' });
  });

  it('two lessons of the plan at one time never get one room; the saved room is not given away', () => {
    const b = board({ rooms: [room('r1', 's'), room('r2', 's'), room('r3', 's')] });
    const got = fillMissingRooms(
      b,
      [lesson('anna', 0, 36, 40), lesson('ben', 0, 36, 40), lesson('cara', 0, 38, 42)],
      new Map([['anna', 0]]),
      new Map([
        ['ben', [0, 1, 2]],
        ['cara', [0, 1, 2]],
      ]),
    );
    expect(got.size).toBe(2);
    expect(new Set([0, ...got.values()]).size).toBe(3);
  });

  it('no free suitable room: the lesson stays without; an opening time bounds the whole lesson', () => {
    const b = board({ rooms: [room('r1', 's', [{ day: 0, start: 56, end: 88 }])] });
    const got = fillMissingRooms(
      b,
      [lesson('anna', 0, 54, 58), lesson('ben', 0, 60, 62)],
      new Map(),
      new Map([
        ['anna', [0]],
        ['ben', [0]],
      ]),
    );
    expect(names(b, got)).toEqual({ ben: 'r1' });
  });

  it('stays at the site of the saved lesson next to it', () => {
    const b = board({
      rooms: [room('far', 'north'), room('near', 'main'), room('saved', 'main')],
      travel: [{ fromSiteId: 'main', toSiteId: 'north', minutes: 25 }],
    });
    const got = fillMissingRooms(b, [lesson('anna', 0, 36, 40), lesson('ben', 0, 40, 44)], new Map([['anna', 2]]), new Map([['ben', [0, 1]]]));
    expect(names(b, got)).toEqual({ ben: 'near' });
  });
});
