import { berlinToday, DAYS, WeekSlots } from '@stundenplan/timegrid';
import type { BookedRow } from '../data/booking-repository.js';
import { schoolAccess } from './access.js';
import type { Deps } from './deps.js';
import { withPiano } from './equipment.js';

export interface DaySpan {
  day: number;
  start: number;
  end: number;
}

const booked = (b: BookedRow) => ({
  roomId: b.roomId,
  span: { day: b.day, start: b.start, end: b.end },
  week: b.week ?? '',
  classId: b.classId,
  siteId: b.siteId,
});

/** A room's open times as spans per day (times null: open all week, no spans). */
export function openSpans(times: Record<string, string[]> | null): DaySpan[] {
  if (times === null) return [];
  const slots = WeekSlots.fromTimesMap(times, { strict: false });
  const spans: DaySpan[] = [];
  for (let day = 0; day < DAYS; day++) for (const run of slots.runs(day)) spans.push({ day, ...run });
  return spans;
}

/**
 * gRPC GetRoomPlanning (the scheduling service): what a teacher's calculation needs to place a class's lessons in
 * rooms. Authorized like CheckClassSchool (the teacher teaches at or administers the school; else 404). `taken`:
 * every booking of another class that has not ended (Europe/Berlin); `teacherLessons`: the teacher's own.
 */
export async function getRoomPlanning(deps: Deps, schoolId: string, teacherId: string, classId: string, now: Date = new Date()) {
  const { school } = await schoolAccess(deps, { userId: teacherId, role: 'teacher' }, schoolId);
  const today = berlinToday(now);
  const [sites, rooms, travel, taken] = await Promise.all([
    deps.sites.list(school.id),
    deps.rooms.list(school.id),
    deps.sites.travel(school.id),
    deps.bookings.list(school.id, { untilFrom: today, notClassId: classId.toLowerCase() }),
  ]);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  const teacher = teacherId.toLowerCase();
  return {
    rooms: rooms.map((r) => ({
      roomId: r.id,
      name: r.name,
      siteId: r.siteId,
      siteName: siteName.get(r.siteId) ?? '',
      equipment: withPiano(r.equipment),
      alwaysOpen: r.times === null,
      open: openSpans(r.times),
    })),
    travel: travel.map((t) => ({ fromSiteId: t.fromSite, toSiteId: t.toSite, minutes: t.minutes })),
    taken: taken.map(booked),
    teacherLessons: taken.filter((b) => b.teacherId === teacher).map(booked),
  };
}
