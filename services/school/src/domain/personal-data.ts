import type { PersonalSchoolRows } from '../data/personal-data-repository.js';
import { boundaryLabel } from './room-bookings.js';

export interface PersonalSchoolReader {
  rowsOf(userId: string, memberIds: string[]): Promise<PersonalSchoolRows>;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The school service's part of a person's copy of their data (packages/contracts privacy.ts exportSchool): the
 * schools whose administration they belong to, with the name and address kept there, and the weekly room bookings
 * of their lessons (a teacher's as the teacher, a student's as the pupil). Nobody else's data: a teacher's booking
 * names neither the pupil nor their membership, the school neither its other administrators.
 */
export async function personalSchoolData(reader: PersonalSchoolReader, userId: string, memberIds: string[]) {
  const rows = await reader.rowsOf(userId, memberIds);
  return {
    administrations: rows.admins.map((a) => ({
      school_id: a.schoolId,
      school_name: a.schoolName,
      name: a.name,
      email: a.email,
      added_at: a.createdAt.toISOString(),
    })),
    room_bookings: rows.bookings.map((b) => ({
      school_id: b.schoolId,
      class_id: b.classId,
      room_name: b.roomName,
      site_name: b.siteName,
      day: b.day,
      start: boundaryLabel(b.start),
      end: boundaryLabel(b.end),
      week: b.week === 'A' || b.week === 'B' ? b.week : null,
      from: day(b.from),
      until: day(b.until),
    })),
  };
}
