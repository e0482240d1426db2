/**
 * A lesson saved without a room gets a free suitable one when the plan is sent (issue 40 item 6,
 * docs/product/school-rooms-in-plans.md "Sending a plan"): notification reads the newest saved schedule
 * (gRPC GetLatestSchedule) to send it; for a class with a school the answer then carries a room for every
 * lesson that has none, chosen by the calculation's rules (rooms.ts): at one of the member's sites, with
 * every needed tag, open for the whole lesson, not booked by another class's sent plan, not the room of
 * another lesson of this plan at that time, and with the teacher's travel between sites where possible.
 * The saved rooms are sent with their current names (the saved schedule keeps its snapshot).
 * The saved schedule itself is not changed.
 */
import type { Logger } from '@stundenplan/base';
import { tryLabelToSlot } from '@stundenplan/timegrid';
import type { ClassesClient } from '../clients/classes-client.js';
import type { SchoolClient } from '../clients/school-client.js';
import { memberWish } from './calculation-rooms.js';
import { assignRooms, RoomBoard, type LessonRoom, type LessonWeeks, type RoomLesson } from './rooms.js';
import type { SavedTimes } from './saved-form.js';
import type { SavedRooms } from '../data/schedule-repository.js';

export interface RoomFillDeps {
  classes: ClassesClient;
  school: SchoolClient;
  log: Logger;
}

/** A lesson of the saved form: a run of consecutive quarter hours of one member on one day (and week). */
export interface SavedLesson {
  memberId: string;
  day: number;
  start: number;
  end: number;
  weeks: LessonWeeks;
}

/** The saved form's lessons: per member, day and week the runs of consecutive quarter hours. */
export function savedLessons(times: SavedTimes): SavedLesson[] {
  const out: SavedLesson[] = [];
  for (let day = 0; day < 7; day++) {
    const slots = new Map<string, { memberId: string; weeks: LessonWeeks; slots: number[] }>();
    for (const [label, memberId, week] of times[String(day)] ?? []) {
      const slot = tryLabelToSlot(label);
      if (slot === undefined || !memberId) continue;
      const weeks: LessonWeeks = week === 'A' || week === 'B' ? week : 'both';
      const key = `${memberId}|${weeks}`;
      const entry = slots.get(key) ?? { memberId, weeks, slots: [] };
      entry.slots.push(slot);
      slots.set(key, entry);
    }
    for (const { memberId, weeks, slots: list } of slots.values()) {
      const sorted = [...new Set(list)].sort((a, b) => a - b);
      let start = sorted[0]!;
      for (let i = 1; i <= sorted.length; i++) {
        if (i < sorted.length && sorted[i] === sorted[i - 1]! + 1) continue;
        out.push({ memberId, day, start, end: sorted[i - 1]! + 1, weeks });
        if (i < sorted.length) start = sorted[i]!;
      }
    }
  }
  return out.sort((a, b) => a.day - b.day || a.start - b.start);
}

/**
 * Rooms (board indexes) for the lessons of members without a saved room. `saved` maps a member to the board
 * index of their saved room (kept, and not given to another lesson of the plan at that time); `suitable` to the
 * indexes of the member's suitable rooms. A lesson without a free suitable room stays without.
 */
export function fillMissingRooms(
  board: RoomBoard,
  lessons: readonly SavedLesson[],
  saved: ReadonlyMap<string, number>,
  suitable: ReadonlyMap<string, readonly number[]>,
): Map<string, number> {
  for (const l of lessons) {
    const r = saved.get(l.memberId);
    if (r !== undefined) board.take(r, l.weeks, l.day, l.start, l.end - l.start);
  }
  const missing = lessons.filter((l) => !saved.has(l.memberId) && suitable.has(l.memberId));
  const free = (l: SavedLesson) => (suitable.get(l.memberId) ?? []).filter((r) => board.roomFree(r, l.weeks, l.day, l.start, l.end - l.start));
  // Travel first: the day's sequence with the saved lessons as they are (rooms.ts assignRooms).
  const sequence: RoomLesson[] = [
    ...lessons.filter((l) => saved.has(l.memberId)).map((l) => ({ ...l, rooms: [saved.get(l.memberId)!], fixed: saved.get(l.memberId)! })),
    ...missing.map((l) => ({ ...l, rooms: free(l) })).filter((l) => l.rooms.length > 0),
  ];
  const proposed = assignRooms(board, sequence).rooms;
  // Then every lesson in time order takes its room, so two lessons of the plan never share one at one time.
  const out = new Map<string, number>();
  for (const l of missing) {
    const known = out.get(l.memberId);
    const wanted = known ?? proposed.get(l.memberId);
    const options = free(l);
    const r = wanted !== undefined && options.includes(wanted) ? wanted : known === undefined ? options[0] : undefined;
    if (r === undefined) continue;
    board.take(r, l.weeks, l.day, l.start, l.end - l.start);
    out.set(l.memberId, r);
  }
  return out;
}

/**
 * The schedule's rooms for sending: the saved ones with their names and sites as the school has them now, and
 * for a class with a school a free suitable room for every member's lesson saved without one. When the class, its members or the school cannot be read, the
 * saved rooms only (logged): the plan is sent without the missing rooms rather than not at all.
 */
export async function roomsForSending(
  deps: RoomFillDeps,
  row: { classId: string; teacherId: string; times: SavedTimes; rooms: SavedRooms },
): Promise<Record<string, LessonRoom>> {
  const lessons = savedLessons(row.times);
  if (lessons.length === 0) return row.rooms;
  try {
    const school = (await deps.classes.getClass(row.classId, row.teacherId)).school;
    if (!school) return row.rooms;
    const [members, planning] = await Promise.all([
      deps.classes.listMembers(row.classId, row.teacherId),
      deps.school.getRoomPlanning(school.schoolId, row.teacherId, row.classId),
    ]);
    const board = new RoomBoard(planning);
    const index = new Map(board.rooms.map((r, i) => [r.roomId, i]));
    const saved = new Map<string, number>();
    for (const [memberId, room] of Object.entries(row.rooms)) {
      const i = index.get(room.id);
      if (i !== undefined) saved.set(memberId, i);
    }
    const suitable = new Map(members.map((m) => [m.memberId, board.suitableRooms(memberWish(m, school))]));
    const known = lessons.filter((l) => suitable.has(l.memberId) || row.rooms[l.memberId]);
    // A saved room the school no longer has stays the member's (the snapshot), it only takes no room on the board.
    const filled = fillMissingRooms(
      board,
      known.filter((l) => !row.rooms[l.memberId] || saved.has(l.memberId)),
      saved,
      new Map([...suitable].filter(([id]) => !row.rooms[id])),
    );
    // A saved room the school still has is sent with its name and site as they are now (ADR 0035: a renamed room
    // reaches the students with the next sending); one it no longer has keeps the snapshot.
    const current = Object.fromEntries([...saved].map(([id, r]) => [id, board.view(r)]));
    return { ...row.rooms, ...current, ...Object.fromEntries([...filled].map(([id, r]) => [id, board.view(r)])) };
  } catch (e) {
    deps.log.warn({ err: (e as Error).message, classId: row.classId }, 'rooms for sending: saved rooms only');
    return row.rooms;
  }
}
