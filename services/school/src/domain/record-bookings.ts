import { isUuid, type ScheduleSentPayload } from '@stundenplan/base';
import type { BookingRow } from '../data/booking-repository.js';
import type { Deps } from './deps.js';

/** A real calendar day YYYY-MM-DD. */
const isDay = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const validSpan = (l: { day: number; start: number; end: number }) => l.day >= 0 && l.day <= 6 && l.start >= 0 && l.start < l.end && l.end <= 96;

/**
 * schedule.sent.v1: the sending replaces its class's room bookings, one per lesson with a room of a school
 * (docs/adr/0033-room-bookings.md). A lesson whose room is unknown here (deleted meanwhile) books nothing; a
 * sending older than, or the same as, the one the class's bookings come from changes nothing.
 */
export async function recordSentBookings(deps: Deps, p: ScheduleSentPayload): Promise<{ applied: boolean; booked: number; unknownRooms: number }> {
  const classId = p.class_id.toLowerCase();
  const sendingId = p.sending_id.toLowerCase();
  const sentAt = new Date(p.sent_at);
  if (Number.isNaN(sentAt.getTime()) || !isDay(p.from) || !isDay(p.until)) {
    deps.log.warn({ classId, sendingId }, 'schedule.sent.v1 with an unreadable sent_at, from or until: no room bookings');
    return { applied: false, booked: 0, unknownRooms: 0 };
  }
  const lessons = Object.entries(p.lessons).flatMap(([memberId, list]) => list.map((l) => ({ memberId: memberId.toLowerCase(), ...l })));
  const roomIds = [...new Set(lessons.flatMap((l) => (l.room ? [l.room.id.toLowerCase()] : [])))];
  const schoolOf = await deps.bookings.roomSchools(roomIds);
  const rows: BookingRow[] = [];
  let unknownRooms = 0;
  for (const l of lessons) {
    if (!l.room || !validSpan(l) || !isUuid(l.memberId)) continue;
    const roomId = l.room.id.toLowerCase();
    const schoolId = schoolOf.get(roomId);
    if (!schoolId) {
      unknownRooms++;
      continue;
    }
    rows.push({
      schoolId,
      roomId,
      classId,
      teacherId: p.teacher_id.toLowerCase(),
      memberId: l.memberId,
      sendingId,
      day: l.day,
      start: l.start,
      end: l.end,
      week: l.week ?? null,
      from: p.from,
      until: p.until,
    });
  }
  if (unknownRooms) deps.log.warn({ classId, sendingId, unknownRooms }, 'sent lessons in rooms the school service does not know: not booked');
  const applied = await deps.bookings.replaceClass({ classId, sendingId, sentAt }, rows);
  return { applied, booked: applied ? rows.length : 0, unknownRooms };
}

/**
 * class.deleted.v1 and class.data-expired.v1: the class's bookings and the mark of its last sending go (nothing of
 * the class is kept, docs/privacy). A sending of the class from before, delivered only after this, would book again
 * (ADR 0033 "Not yet done").
 */
export function forgetClassBookings(deps: Deps, classId: string): Promise<number> {
  return deps.bookings.forgetClass(classId.toLowerCase());
}

/** member.removed.v1: the member's lessons no longer take a room. */
export function forgetMemberBookings(deps: Deps, memberId: string): Promise<number> {
  return deps.bookings.forgetMember(memberId.toLowerCase());
}

/** user.deleted.v1: a deleted teacher's lessons no longer take a room. */
export function forgetTeacherBookings(deps: Deps, userId: string): Promise<number> {
  return deps.bookings.forgetTeacher(userId.toLowerCase());
}
