import type { PrismaClient } from '../generated/prisma/client.js';

/** What the school service keeps about one person: their administrator rows and the room bookings of their lessons. */
export interface PersonalSchoolRows {
  admins: { schoolId: string; schoolName: string; name: string; email: string; createdAt: Date }[];
  bookings: {
    schoolId: string;
    classId: string;
    roomName: string;
    siteName: string;
    /** 0 = Monday; 15-minute slots, end exclusive. */
    day: number;
    start: number;
    end: number;
    week: string | null;
    from: Date;
    until: Date;
  }[];
}

/** The rows of one person for their copy of their data (DSGVO Art. 15 and 20). */
export class PersonalDataRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The schools the account administers; the bookings where it is the teacher or one of `memberIds` the pupil. */
  async rowsOf(userId: string, memberIds: string[]): Promise<PersonalSchoolRows> {
    const [admins, bookings] = await Promise.all([
      this.db.schoolAdmin.findMany({
        where: { userId },
        select: { schoolId: true, name: true, email: true, createdAt: true, school: { select: { name: true } } },
        orderBy: [{ createdAt: 'asc' }, { schoolId: 'asc' }],
      }),
      this.db.roomBooking.findMany({
        where: { OR: [{ teacherId: userId }, ...(memberIds.length ? [{ memberId: { in: memberIds } }] : [])] },
        select: {
          schoolId: true,
          classId: true,
          day: true,
          start: true,
          end: true,
          week: true,
          from: true,
          until: true,
          room: { select: { name: true, site: { select: { name: true } } } },
        },
        orderBy: [{ classId: 'asc' }, { day: 'asc' }, { start: 'asc' }, { roomId: 'asc' }],
      }),
    ]);
    return {
      admins: admins.map(({ school, ...a }) => ({ ...a, schoolName: school.name })),
      bookings: bookings.map(({ room, ...b }) => ({ ...b, roomName: room.name, siteName: room.site.name })),
    };
  }
}
