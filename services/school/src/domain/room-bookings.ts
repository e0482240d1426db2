import { AppError, isUuid } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';
import type { BookedRow } from '../data/booking-repository.js';
import type { SchoolAccess } from './access.js';
import type { Caller } from './access.js';
import type { Deps } from './deps.js';
import { MSG } from './messages.js';

export interface BookingsQuery {
  site_id?: string | undefined;
  day?: string | undefined;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
/** A slot boundary as the school routes write times: 38 -> "9.30", 96 -> "24.00". */
export const boundaryLabel = (slot: number) => `${Math.floor(slot / 4)}.${pad2((slot % 4) * 15)}`;

async function checkedFilter(deps: Deps, access: SchoolAccess, q: BookingsQuery): Promise<{ siteId?: string; day?: number }> {
  const filter: { siteId?: string; day?: number } = {};
  if (q.site_id !== undefined && q.site_id !== '') {
    const site = isUuid(q.site_id) ? await deps.sites.find(access.school.id, q.site_id.toLowerCase()) : null;
    if (!site) throw AppError.badRequest(MSG.bookingsSite(q.site_id));
    filter.siteId = site.id;
  }
  if (q.day !== undefined && q.day !== '') {
    if (!/^[0-6]$/.test(q.day)) throw AppError.badRequest(MSG.bookingsDay);
    filter.day = Number(q.day);
  }
  return filter;
}

/** Teachers' names from auth, once per teacher. */
async function teacherNames(deps: Deps, rows: BookedRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.teacherId))];
  const names = await Promise.all(ids.map(async (id) => [id, (await deps.accounts.findAccount({ userId: id }))?.name || MSG.unknownTeacher] as const));
  return new Map(names);
}

/** Members' names from classes, for the classes whose pupils the caller may see; a class classes cannot answer stays nameless. */
async function studentNames(deps: Deps, rows: BookedRow[]): Promise<Map<string, string>> {
  const classes = new Map(rows.map((r) => [r.classId, r.teacherId]));
  const names = new Map<string, string>();
  await Promise.all(
    [...classes].map(async ([classId, teacherId]) => {
      try {
        for (const [memberId, name] of (await deps.classes.memberNames(classId, teacherId)) ?? []) names.set(memberId.toLowerCase(), name);
      } catch (e) {
        deps.log.warn({ err: e, classId }, 'room bookings: members of a class not readable; answered without their names');
      }
    }),
  );
  return names;
}

/**
 * GET /api/schools/{schoolId}/room-bookings: the school's bookings that have not ended (Europe/Berlin), optionally
 * of one site and one day. Teachers' names for everybody who may read the school; pupils' names only for its
 * administrators and the lesson's own teacher (docs/product/school.md "Room bookings").
 */
export async function listRoomBookings(deps: Deps, access: SchoolAccess, caller: Caller, q: BookingsQuery, now: Date = new Date()) {
  const filter = await checkedFilter(deps, access, q);
  const rows = await deps.bookings.list(access.school.id, { untilFrom: berlinToday(now), ...filter });
  const seesPupils = (r: BookedRow) => access.role === 'admin' || r.teacherId === caller.userId.toLowerCase();
  const [teachers, students] = await Promise.all([teacherNames(deps, rows), studentNames(deps, rows.filter(seesPupils))]);
  return {
    bookings: rows.map((r) => {
      const student = seesPupils(r) ? students.get(r.memberId) : undefined;
      return {
        room_id: r.roomId,
        day: r.day,
        start: boundaryLabel(r.start),
        end: boundaryLabel(r.end),
        week: r.week,
        teacher_name: teachers.get(r.teacherId) ?? MSG.unknownTeacher,
        class_id: r.classId,
        ...(student !== undefined ? { student_name: student } : {}),
      };
    }),
  };
}
