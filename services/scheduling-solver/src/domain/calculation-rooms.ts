/**
 * Rooms in one calculation (ADR 0034): the engine gets each student's allowed starts (a suitable
 * room free for the whole lesson, the teacher not teaching another class); after the solve every
 * placed lesson gets a room with travel between sites respected. A day that cannot be made
 * travel-feasible loses the offending start and the class is solved again (at most
 * MAX_REPAIR_ROUNDS times); such a plan is not reported OPTIMAL.
 */
import { AppError, isAppError } from '@stundenplan/base';
import { durationToSlots, WeekSlots } from '@stundenplan/timegrid';
import type { RoomPlanning, SchoolClient } from '../clients/school-client.js';
import type { ClassMember } from '../clients/classes-client.js';
import type { Roster } from './calculation-problem.js';
import { CALC_TEXTS } from './calculation-texts.js';
import { allowedStarts, assignRooms, forbiddenKey, roomLesson, RoomBoard, type LessonRoom, type LessonWeeks, type RoomNeeds } from './rooms.js';
import type { SolvePlan, SolveProblem } from './solver-port.js';

export const MAX_REPAIR_ROUNDS = 3;

/** The class's school settings (ClassInfo.school). */
export interface ClassSchool {
  schoolId: string;
  siteIds: string[];
  needs: string[];
}

export interface RoomsContext {
  board: RoomBoard;
  /** member_id -> indexes of its suitable rooms */
  suitable: Map<string, number[]>;
  /** Starts the travel repair took away (forbiddenKey). */
  forbidden: Set<string>;
}

/** The school's rooms for one class; a school the teacher may no longer use is a German 400, an unreachable one a 503. */
export async function loadRoomPlanning(school: SchoolClient, schoolId: string, teacherId: string, classId: string): Promise<RoomPlanning> {
  try {
    return await school.getRoomPlanning(schoolId, teacherId, classId);
  } catch (e) {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) throw AppError.badRequest(CALC_TEXTS.schoolNotFound);
    throw new AppError('UNAVAILABLE', CALC_TEXTS.schoolUnavailable, { cause: e });
  }
}

/** A member's needs and sites: their own, else the class's. */
export function memberWish(m: Pick<ClassMember, 'needs' | 'siteIds'>, school: ClassSchool): RoomNeeds {
  return { needs: m.needs ?? school.needs, sites: m.siteIds ?? school.siteIds };
}

export function roomsContext(planning: RoomPlanning, school: ClassSchool, roster: Roster): RoomsContext {
  const board = new RoomBoard(planning);
  const suitable = new Map(roster.members.map((m) => [m.memberId, board.suitableRooms(memberWish(m, school))]));
  return { board, suitable, forbidden: new Set() };
}

const weeksOf = (roster: Roster, memberId: string): LessonWeeks[] => (roster.byId.get(memberId)?.frequency === 'biweekly' ? ['A', 'B'] : ['both']);

/**
 * The problem with rooms: the teacher's weekly lessons of other classes leave the teacher's times;
 * every student gets allowed_starts (and allowed_starts_b when biweekly). A pinned lesson without a
 * suitable free room is refused (400): the engine would otherwise move it.
 */
export function withRooms(problem: SolveProblem, roster: Roster, ctx: RoomsContext): SolveProblem {
  const busy = ctx.board
    .weeklyTeacherLessons()
    .filter((b) => b.span.day >= 0 && b.span.day < 7 && b.span.start >= 0 && b.span.start < b.span.end && b.span.end <= 96)
    .map((b) => b.span);
  const teacher = busy.length ? WeekSlots.fromTimesMap(problem.teacherTimes).difference(WeekSlots.fromRanges(busy)) : null;
  const students = problem.students.map((s) => {
    const rooms = ctx.suitable.get(s.member_id) ?? [];
    const len = durationToSlots(s.duration);
    const [a, b] = weeksOf(roster, s.member_id).map((w) => allowedStarts(ctx.board, rooms, w, len, ctx.forbidden, s.member_id));
    return { ...s, allowed_starts: a!, ...(b ? { allowed_starts_b: b } : {}) };
  });
  for (const p of problem.pinned ?? []) {
    const s = students.find((x) => x.member_id === p.member_id)!;
    const grid = p.week === 'B' && s.allowed_starts_b ? s.allowed_starts_b : s.allowed_starts;
    if (!(grid[String(p.day)] ?? []).includes(p.start)) throw AppError.badRequest(CALC_TEXTS.pinnedNoRoom(roster.info.get(p.member_id)!.name));
  }
  return { ...problem, ...(teacher ? { teacherTimes: teacher.toTimesMap() } : {}), students };
}

export interface RoomsResult {
  plan: SolvePlan;
  /** member_id -> the lesson's room */
  rooms: Map<string, LessonRoom>;
  /** Re-solves the travel repair needed (0: the first plan was travel-feasible). */
  repairs: number;
  /** Students whose day stayed travel-infeasible after the last round (their lesson keeps the room chosen without travel). */
  travelConflicts: string[];
}

/** Solve, assign rooms, and repair travel conflicts by forbidding the offending starts (bounded rounds). */
export async function solveWithRooms(
  problem: SolveProblem,
  roster: Roster,
  ctx: RoomsContext,
  solve: (problem: SolveProblem) => Promise<SolvePlan>,
): Promise<RoomsResult> {
  const pinned = new Set(roster.pinned.map((p) => p.member_id));
  let current = withRooms(problem, roster, ctx);
  let plan = await solve(current);
  for (let round = 0; ; round++) {
    const lessons = plan.placements.map((p) => {
      const m = roster.byId.get(p.member_id)!;
      return roomLesson(p, durationToSlots(roster.info.get(p.member_id)!.duration), m.frequency === 'biweekly', ctx.suitable.get(p.member_id) ?? []);
    });
    const assignment = assignRooms(ctx.board, lessons);
    const rooms = new Map([...assignment.rooms].map(([id, r]) => [id, ctx.board.view(r)]));
    // A pinned lesson stays where the teacher put it: its conflict is reported, not repaired.
    const repairable = assignment.conflicts.filter((c) => !pinned.has(c.memberId));
    if (repairable.length === 0 || round === MAX_REPAIR_ROUNDS)
      return { plan, rooms, repairs: round, travelConflicts: assignment.conflicts.map((c) => c.memberId) };
    for (const c of repairable) for (const start of c.starts) ctx.forbidden.add(forbiddenKey(c.memberId, c.weeks, c.day, start));
    current = withRooms(problem, roster, ctx);
    plan = await solve(current);
  }
}
