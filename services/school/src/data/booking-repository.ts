import type { PrismaClient } from '../generated/prisma/client.js';

/** One weekly lesson of a sent plan in a room (docs/adr/0033-room-bookings.md). */
export interface BookingRow {
  schoolId: string;
  roomId: string;
  classId: string;
  teacherId: string;
  memberId: string;
  sendingId: string;
  /** 0 = Monday. */
  day: number;
  /** 15-minute slots from midnight, end exclusive. */
  start: number;
  end: number;
  week: 'A' | 'B' | null;
  /** YYYY-MM-DD: the plan's calendar series. */
  from: string;
  until: string;
}

/** A booking as read back, with its room's site. */
export interface BookedRow extends BookingRow {
  siteId: string;
}

export interface SendingMark {
  classId: string;
  sendingId: string;
  sentAt: Date;
}

export interface BookingFilter {
  /** Only bookings whose series ends on or after this day (YYYY-MM-DD). */
  untilFrom: string;
  siteId?: string | undefined;
  day?: number | undefined;
  /** Leave out this class's bookings. */
  notClassId?: string | undefined;
  teacherId?: string | undefined;
}

const date = (d: string) => new Date(`${d}T00:00:00Z`);
const day = (d: Date) => d.toISOString().slice(0, 10);

const bookedFields = {
  schoolId: true,
  roomId: true,
  classId: true,
  teacherId: true,
  memberId: true,
  sendingId: true,
  day: true,
  start: true,
  end: true,
  week: true,
  from: true,
  until: true,
  room: { select: { siteId: true } },
} as const;

/** Room bookings and the sending each class's bookings come from. */
export class BookingRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The ids of those rooms that exist, with their school. */
  async roomSchools(roomIds: string[]): Promise<Map<string, string>> {
    if (!roomIds.length) return new Map();
    const rows = await this.db.room.findMany({ where: { id: { in: roomIds } }, select: { id: true, schoolId: true } });
    return new Map(rows.map((r) => [r.id, r.schoolId]));
  }

  /**
   * Replaces the class's bookings with `rows` when the sending is newer (sent_at, then sending id) than the one the
   * class's bookings come from; false (nothing changed) for the same or an older sending. One transaction: the
   * mark's row lock orders two sendings of one class. A class that never booked a room gets no mark for a sending
   * without rooms (most classes have no school).
   */
  async replaceClass(mark: SendingMark, rows: BookingRow[]): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const newer = rows.length
        ? await tx.$executeRaw`
            INSERT INTO room_booking_sendings (class_id, sending_id, sent_at)
            VALUES (${mark.classId}::uuid, ${mark.sendingId}::uuid, ${mark.sentAt})
            ON CONFLICT (class_id) DO UPDATE SET sending_id = EXCLUDED.sending_id, sent_at = EXCLUDED.sent_at
            WHERE (room_booking_sendings.sent_at, room_booking_sendings.sending_id::text) < (EXCLUDED.sent_at, EXCLUDED.sending_id::text)`
        : await tx.$executeRaw`
            UPDATE room_booking_sendings SET sending_id = ${mark.sendingId}::uuid, sent_at = ${mark.sentAt}
            WHERE class_id = ${mark.classId}::uuid AND (sent_at, sending_id::text) < (${mark.sentAt}::timestamptz, ${mark.sendingId}::text)`;
      if (newer === 0) return false;
      await tx.roomBooking.deleteMany({ where: { classId: mark.classId } });
      if (rows.length) await tx.roomBooking.createMany({ data: rows.map((r) => ({ ...r, from: date(r.from), until: date(r.until) })) });
      return true;
    });
  }

  /** A deleted class (or its data expired): its bookings and its mark go, nothing of it is left. */
  async forgetClass(classId: string): Promise<number> {
    return this.db.$transaction(async (tx) => {
      await tx.roomBookingSending.deleteMany({ where: { classId } });
      return (await tx.roomBooking.deleteMany({ where: { classId } })).count;
    });
  }

  async forgetMember(memberId: string): Promise<number> {
    return (await this.db.roomBooking.deleteMany({ where: { memberId } })).count;
  }

  async forgetTeacher(teacherId: string): Promise<number> {
    return (await this.db.roomBooking.deleteMany({ where: { teacherId } })).count;
  }

  /** Bookings of the school that have not ended, by day, start and room. */
  async list(schoolId: string, f: BookingFilter): Promise<BookedRow[]> {
    const rows = await this.db.roomBooking.findMany({
      where: {
        schoolId,
        until: { gte: date(f.untilFrom) },
        ...(f.siteId ? { room: { siteId: f.siteId } } : {}),
        ...(f.day !== undefined ? { day: f.day } : {}),
        ...(f.notClassId ? { classId: { not: f.notClassId } } : {}),
        ...(f.teacherId ? { teacherId: f.teacherId } : {}),
      },
      select: bookedFields,
      orderBy: [{ day: 'asc' }, { start: 'asc' }, { roomId: 'asc' }, { end: 'asc' }],
    });
    return rows.map(({ room, from, until, week, ...r }) => ({
      ...r,
      week: week === 'A' || week === 'B' ? week : null,
      from: day(from),
      until: day(until),
      siteId: room.siteId,
    }));
  }

  /** Bookings of the room that have not ended. */
  activeOfRoom(roomId: string, untilFrom: string): Promise<number> {
    return this.db.roomBooking.count({ where: { roomId, until: { gte: date(untilFrom) } } });
  }
}
