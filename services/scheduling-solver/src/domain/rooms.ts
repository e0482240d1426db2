/**
 * Rooms in the calculation (issue 40, ADR 0034, docs/product/school-rooms-in-plans.md): which lesson
 * starts have a suitable free room (the engine's allowed_starts), and after the solve a room for every
 * placed lesson so that the teacher can travel between sites in time.
 *
 * Weeks: index 0 = week A, 1 = week B. A weekly lesson (or booking) is in both weeks, so it needs
 * its room free in both; a biweekly lesson only in its week.
 */
import { DAYS, SLOTS_PER_DAY, labelToSlot, slotToLabel } from '@stundenplan/timegrid';
import type { BookedSpan, PlanningRoom, RoomPlanning } from '../clients/school-client.js';
import type { PlanPlacement, Week } from './solver-port.js';

const KEYS = DAYS * SLOTS_PER_DAY;
/** A pair of sites the school did not set (school.proto). */
export const DEFAULT_TRAVEL_MINUTES = 30;

/** The room of a placed lesson as the answer shows it. */
export interface LessonRoom {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}

/** A member's room wishes: equipment tags it needs and the sites it may use (empty = every site). */
export interface RoomNeeds {
  needs: string[];
  sites: string[];
}

/** Which weeks a lesson is in: 'both' for a weekly lesson. */
export type LessonWeeks = 'both' | Week;

const weekIndexes = (w: LessonWeeks): number[] => (w === 'both' ? [0, 1] : w === 'A' ? [0] : [1]);
const bookedWeeks = (b: BookedSpan): number[] => (b.week === null ? [0, 1] : b.week === 'A' ? [0] : [1]);

/** One calculation's view of the school: free room quarter hours per week, travel, the teacher's other lessons. */
export class RoomBoard {
  readonly rooms: PlanningRoom[];
  /** per room: per week a day * 96 + slot grid, 1 = open and not taken. */
  private readonly free: [Uint8Array, Uint8Array][];
  /** per week: 1 = the teacher teaches another class then. */
  private readonly teacherBusy: [Uint8Array, Uint8Array];
  private readonly travel = new Map<string, number>();
  private readonly knownSites: Set<string>;
  readonly teacherLessons: BookedSpan[];

  constructor(planning: RoomPlanning) {
    this.rooms = planning.rooms;
    const index = new Map(planning.rooms.map((r, i) => [r.roomId, i]));
    this.free = planning.rooms.map((r) => {
      const open = new Uint8Array(KEYS);
      if (r.alwaysOpen) open.fill(1);
      else for (const s of r.open) fillSpan(open, s.day, s.start, s.end);
      return [open, open.slice()];
    });
    for (const b of planning.taken) {
      const r = index.get(b.roomId);
      if (r === undefined) continue;
      for (const w of bookedWeeks(b)) clearSpan(this.free[r]![w]!, b.span.day, b.span.start, b.span.end);
    }
    this.teacherBusy = [new Uint8Array(KEYS), new Uint8Array(KEYS)];
    this.teacherLessons = planning.teacherLessons;
    for (const b of planning.teacherLessons) for (const w of bookedWeeks(b)) fillSpan(this.teacherBusy[w]!, b.span.day, b.span.start, b.span.end);
    for (const t of planning.travel) {
      this.travel.set(`${t.fromSiteId}\n${t.toSiteId}`, t.minutes);
      this.travel.set(`${t.toSiteId}\n${t.fromSiteId}`, t.minutes);
    }
    this.knownSites = new Set([...planning.rooms.map((r) => r.siteId), ...planning.travel.flatMap((t) => [t.fromSiteId, t.toSiteId])]);
  }

  /** Minutes the teacher needs from site a to site b (0 at one site; a pair the school did not set: 30). */
  travelMinutes(a: string, b: string): number {
    return a === b ? 0 : (this.travel.get(`${a}\n${b}`) ?? DEFAULT_TRAVEL_MINUTES);
  }

  /** Rooms at one of the sites (unknown site ids dropped; none left = every site) with every needed tag. */
  suitableRooms(wish: RoomNeeds): number[] {
    const sites = new Set(wish.sites.filter((s) => this.knownSites.has(s)));
    const out: number[] = [];
    this.rooms.forEach((r, i) => {
      if (sites.size > 0 && !sites.has(r.siteId)) return;
      const equipment = new Set(r.equipment);
      if (wish.needs.every((n) => equipment.has(n))) out.push(i);
    });
    return out;
  }

  /** Room r is open and not taken for [start, start + len) of `day` in every week of `weeks`. */
  roomFree(r: number, weeks: LessonWeeks, day: number, start: number, len: number): boolean {
    if (start + len > SLOTS_PER_DAY) return false;
    const base = day * SLOTS_PER_DAY + start;
    for (const w of weekIndexes(weeks)) {
      const grid = this.free[r]![w]!;
      for (let k = base; k < base + len; k++) if (!grid[k]) return false;
    }
    return true;
  }

  /** The teacher teaches no other class during [start, start + len) in any week of `weeks`. */
  teacherFree(weeks: LessonWeeks, day: number, start: number, len: number): boolean {
    const base = day * SLOTS_PER_DAY + start;
    for (const w of weekIndexes(weeks)) for (let k = base; k < base + len; k++) if (this.teacherBusy[w]![k]) return false;
    return true;
  }

  /** The teacher's other lessons held every week (they are simply not teacher time). */
  weeklyTeacherLessons(): BookedSpan[] {
    return this.teacherLessons.filter((b) => b.week === null);
  }

  /** Room r is used for [start, start + len) of `day` in every week of `weeks` (a lesson of this plan got it). */
  take(r: number, weeks: LessonWeeks, day: number, start: number, len: number): void {
    for (const w of weekIndexes(weeks)) clearSpan(this.free[r]![w]!, day, start, start + len);
  }

  view(r: number): LessonRoom {
    const room = this.rooms[r]!;
    return { id: room.roomId, name: room.name, site_id: room.siteId, site_name: room.siteName };
  }
}

function fillSpan(grid: Uint8Array, day: number, start: number, end: number): void {
  if (!Number.isInteger(day) || day < 0 || day >= DAYS) return;
  for (let t = Math.max(0, start); t < Math.min(SLOTS_PER_DAY, end); t++) grid[day * SLOTS_PER_DAY + t] = 1;
}

function clearSpan(grid: Uint8Array, day: number, start: number, end: number): void {
  if (!Number.isInteger(day) || day < 0 || day >= DAYS) return;
  for (let t = Math.max(0, start); t < Math.min(SLOTS_PER_DAY, end); t++) grid[day * SLOTS_PER_DAY + t] = 0;
}

/** A start the travel repair took away: member, week of the lesson ('both' weekly), day and slot. */
export const forbiddenKey = (memberId: string, weeks: LessonWeeks, day: number, slot: number) => `${memberId}|${weeks}|${day}|${slot}`;

/**
 * The starts (labels by day) of a lesson of `len` slots in `weeks` at which one of `rooms` is free for
 * the whole lesson and the teacher teaches no other class; minus the starts the repair forbade.
 */
export function allowedStarts(
  board: RoomBoard,
  rooms: readonly number[],
  weeks: LessonWeeks,
  len: number,
  forbidden: ReadonlySet<string>,
  memberId: string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let day = 0; day < DAYS; day++) {
    const labels: string[] = [];
    for (let s = 0; s + len <= SLOTS_PER_DAY; s++) {
      if (forbidden.has(forbiddenKey(memberId, weeks, day, s))) continue;
      if (!board.teacherFree(weeks, day, s, len)) continue;
      if (rooms.some((r) => board.roomFree(r, weeks, day, s, len))) labels.push(slotToLabel(s));
    }
    if (labels.length) out[String(day)] = labels;
  }
  return out;
}

/** A placed lesson as the room assignment sees it. */
export interface RoomLesson {
  memberId: string;
  day: number;
  start: number;
  end: number;
  weeks: LessonWeeks;
  rooms: readonly number[];
  /** A room already chosen (a saved lesson's): kept as it is, without asking whether it is free. */
  fixed?: number;
}

export interface RoomAssignment {
  /** member_id -> room index */
  rooms: Map<string, number>;
  /**
   * Lessons whose day is not travel-feasible: `starts` are the starts of that day the repair should
   * take away (the lesson's own, and those that would leave too little time next to the same neighbour).
   */
  conflicts: { memberId: string; weeks: LessonWeeks; day: number; start: number; starts: number[] }[];
}

/** One item of a day's sequence: an own lesson (room choices) or another class's lesson (fixed site). */
interface Item {
  start: number;
  end: number;
  /** own lesson index, or -1 for a fixed lesson of another class */
  own: number;
  choices: { room: number; site: string }[];
}

const SITE_CHANGE = 100;
const ROOM_CHANGE = 1;

/**
 * A room for every lesson: per week and day the teacher's lessons in time order (the other classes'
 * lessons as fixed points at their site), chosen by a small DP so that consecutive lessons at
 * different sites leave at least the travel minutes; fewest site changes first, then fewest room
 * changes. A weekly lesson gets its room in week A and keeps it in week B. A day without a
 * travel-feasible choice names its offending lesson (the one the sequence cannot reach) and falls
 * back to the cheapest choice ignoring travel.
 */
export function assignRooms(board: RoomBoard, lessons: readonly RoomLesson[]): RoomAssignment {
  const rooms = new Map<string, number>();
  const conflicts: RoomAssignment['conflicts'] = [];
  for (const week of [0, 1]) {
    for (let day = 0; day < DAYS; day++) {
      const items: Item[] = [];
      lessons.forEach((l, i) => {
        if (l.day !== day || !weekIndexes(l.weeks).includes(week)) return;
        const fixed = l.fixed ?? (week === 1 && l.weeks === 'both' ? rooms.get(l.memberId) : undefined);
        const candidates = fixed !== undefined ? [fixed] : l.rooms.filter((r) => board.roomFree(r, l.weeks, day, l.start, l.end - l.start));
        items.push({ start: l.start, end: l.end, own: i, choices: candidates.map((r) => ({ room: r, site: board.rooms[r]!.siteId })) });
      });
      if (items.length === 0) continue;
      for (const b of board.teacherLessons)
        if (b.span.day === day && bookedWeeks(b).includes(week))
          items.push({ start: b.span.start, end: b.span.end, own: -1, choices: [{ room: -1, site: b.siteId }] });
      items.sort((a, b) => a.start - b.start || a.end - b.end);
      let chosen = bestSequence(board, items, true);
      if ('offender' in chosen && chosen.offender >= 0) {
        const l = lessons[chosen.offender]!;
        if (!conflicts.some((c) => c.memberId === l.memberId))
          conflicts.push({ memberId: l.memberId, weeks: l.weeks, day: l.day, start: l.start, starts: tooClose(board, items, chosen, l) });
      }
      if ('offender' in chosen) chosen = bestSequence(board, items, false);
      if ('offender' in chosen) continue;
      items.forEach((it, k) => {
        const room = chosen.picks[k]!;
        if (it.own >= 0 && room >= 0 && !rooms.has(lessons[it.own]!.memberId)) rooms.set(lessons[it.own]!.memberId, room);
      });
    }
  }
  return { rooms, conflicts };
}

/**
 * The starts of the offending lesson that leave less than the shortest travel between the two items
 * where the sequence broke (at different sites): from its own start away from the neighbour.
 */
function tooClose(board: RoomBoard, items: Item[], broken: { offender: number; at: number }, l: RoomLesson): number[] {
  const cur = items[broken.at]!;
  const prev = broken.at > 0 ? items[broken.at - 1]! : undefined;
  if (!prev) return [l.start];
  let minutes = Infinity;
  for (const p of prev.choices) for (const c of cur.choices) if (p.site !== c.site) minutes = Math.min(minutes, board.travelMinutes(p.site, c.site));
  if (!Number.isFinite(minutes)) return [l.start];
  const need = Math.ceil(minutes / 15);
  const len = l.end - l.start;
  const out: number[] = [];
  if (cur.own >= 0 && items[broken.at]!.start === l.start) {
    // The later lesson: every start before the previous item's end + travel.
    for (let s = l.start; s < prev.end + need && s + len <= SLOTS_PER_DAY; s++) out.push(s);
  } else {
    // The earlier lesson: every start whose end leaves less than the travel before the fixed item.
    for (let s = l.start; s >= 0 && s + len > cur.start - need; s--) out.push(s);
  }
  return out.length ? out : [l.start];
}

/** The cheapest choice per item (room index, -1 for fixed items), or the own lesson the sequence cannot reach (and where). */
function bestSequence(board: RoomBoard, items: Item[], travel: boolean): { picks: number[] } | { offender: number; at: number } {
  let cost: number[] = [];
  const back: number[][] = [];
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    const next: number[] = [];
    const from: number[] = [];
    for (const c of it.choices) {
      if (k === 0) {
        next.push(0);
        from.push(-1);
        continue;
      }
      const prev = items[k - 1]!;
      let best = Infinity;
      let arg = -1;
      prev.choices.forEach((p, j) => {
        if (cost[j] === Infinity) return;
        const gap = (it.start - prev.end) * 15;
        // Two lessons of other classes are not this plan's to fix.
        const bothFixed = prev.own < 0 && it.own < 0;
        if (travel && !bothFixed && p.site !== c.site && gap < board.travelMinutes(p.site, c.site)) return;
        const step = (p.site !== c.site ? SITE_CHANGE : 0) + (p.room !== c.room && p.room >= 0 && c.room >= 0 ? ROOM_CHANGE : 0);
        if (cost[j]! + step < best) {
          best = cost[j]! + step;
          arg = j;
        }
      });
      next.push(best);
      from.push(arg);
    }
    if (next.every((v) => v === Infinity)) {
      // The own lesson here, else the last own lesson before this fixed one.
      for (let j = k; j >= 0; j--) if (items[j]!.own >= 0) return { offender: items[j]!.own, at: k };
      for (let j = k + 1; j < items.length; j++) if (items[j]!.own >= 0) return { offender: items[j]!.own, at: k };
      return { offender: -1, at: k };
    }
    cost = next;
    back.push(from);
  }
  const picks = new Array<number>(items.length);
  let j = cost.indexOf(Math.min(...cost));
  for (let k = items.length - 1; k >= 0; k--) {
    picks[k] = items[k]!.choices[j]!.room;
    j = back[k]![j]!;
  }
  return { picks };
}

/** The lesson of a placement as the room assignment sees it. */
export function roomLesson(p: PlanPlacement, len: number, biweekly: boolean, rooms: readonly number[]): RoomLesson {
  const start = labelToSlot(p.start);
  return { memberId: p.member_id, day: p.day, start, end: start + len, weeks: biweekly ? (p.week ?? 'A') : 'both', rooms };
}
