import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { schoolV1 } from '@stundenplan/proto';

/** A span of one day in quarter hours (end exclusive), day 0 = Monday. */
export interface DaySpan {
  day: number;
  start: number;
  end: number;
}

export interface PlanningRoom {
  roomId: string;
  name: string;
  siteId: string;
  siteName: string;
  equipment: string[];
  /** Open all week; else only in `open`. */
  alwaysOpen: boolean;
  open: DaySpan[];
}

/** A booked span: 'A' or 'B' only in that week of a two-week plan, null every week. */
export interface BookedSpan {
  roomId: string;
  span: DaySpan;
  week: 'A' | 'B' | null;
  classId: string;
  siteId: string;
}

export interface RoomPlanning {
  rooms: PlanningRoom[];
  /** Symmetric pairs the school set; a missing pair counts as 30 minutes. */
  travel: { fromSiteId: string; toSiteId: string; minutes: number }[];
  /** Rooms booked by other classes' sent plans. */
  taken: BookedSpan[];
  /** The teacher's own booked lessons of other classes. */
  teacherLessons: BookedSpan[];
}

/** What the solver asks the school service: the rooms, travel times and bookings one calculation needs. */
export interface SchoolClient {
  /** Throws AppError NOT_FOUND when the teacher may not use the school. */
  getRoomPlanning(schoolId: string, teacherId: string, classId: string): Promise<RoomPlanning>;
  close(): void;
}

const weekOf = (w: string): 'A' | 'B' | null => (w === 'A' || w === 'B' ? w : null);

function booked(list: schoolV1.BookedSpan[]): BookedSpan[] {
  return list
    .filter((b) => b.span !== undefined)
    .map((b) => ({ roomId: b.roomId, span: { ...b.span! }, week: weekOf(b.week), classId: b.classId, siteId: b.siteId }));
}

export function createSchoolClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): SchoolClient {
  const client = createServiceClient(schoolV1.SchoolServiceClient, addr, tokens, 'school');
  return {
    async getRoomPlanning(schoolId, teacherId, classId) {
      const res = await callUnary(client.getRoomPlanning.bind(client), client, { schoolId, teacherId, classId }, timeoutMs);
      return {
        rooms: res.rooms.map((r) => ({
          roomId: r.roomId,
          name: r.name,
          siteId: r.siteId,
          siteName: r.siteName,
          equipment: r.equipment,
          alwaysOpen: r.alwaysOpen,
          open: r.open.map((s) => ({ ...s })),
        })),
        travel: res.travel.map((t) => ({ fromSiteId: t.fromSiteId, toSiteId: t.toSiteId, minutes: t.minutes })),
        taken: booked(res.taken),
        teacherLessons: booked(res.teacherLessons),
      };
    },
    close: () => client.close(),
  };
}
