import { callUnary, createServiceClient, isAppError, scheduleDaysToSaved, type SavedScheduleTimes, type ServiceTokenSigner } from '@stundenplan/base';
import { schedulingV1 } from '@stundenplan/proto';

/** The room of a member's lesson as the saved schedule has it (snake_case as in schedule.sent.v1). */
export interface SavedLessonRoom {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}

export interface SavedSchedule {
  scheduleId: string;
  availableTimes: SavedScheduleTimes;
  /** member id -> the room of the member's lesson (classes of a school); empty: no rooms. */
  rooms: Record<string, SavedLessonRoom>;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rooms of GetLatestSchedule; an entry without a room and site id (GUIDs, as schedule.sent.v1 wants them) or a name is no room. */
function roomsOf(rooms: Record<string, schedulingV1.LessonRoom> | undefined): Record<string, SavedLessonRoom> {
  const out: Record<string, SavedLessonRoom> = {};
  for (const [memberId, r] of Object.entries(rooms ?? {})) {
    if (!r || !GUID.test(r.roomId) || !GUID.test(r.siteId) || !r.name.trim()) continue;
    out[memberId] = { id: r.roomId, name: r.name.trim(), site_id: r.siteId, site_name: r.siteName.trim() };
  }
  return out;
}

/** What notification needs from the scheduling service: the lessons of the newest saved schedule (calendar files). */
export interface SchedulingClient {
  /** The teacher's newest saved schedule of the class; null when there is none. Throws when the service cannot answer. */
  latestSchedule(classId: string, teacherId: string): Promise<SavedSchedule | null>;
  /**
   * The solver's valid times for a member's make-up over the given days (quarter hours, best first; limit 0: all).
   * The solver checks that the teacher teaches the class and the member is in it (else NOT_FOUND).
   */
  suggestMakeup(req: {
    classId: string;
    teacherId: string;
    memberId: string;
    days: { date: string; weekday: number; busy: { start: number; end: number }[] }[];
    limit: number;
  }): Promise<{ date: string; start: number; end: number; idleAddedMinutes: number }[]>;
  close(): void;
}

export function createSchedulingClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): SchedulingClient {
  let client: schedulingV1.SchedulingServiceClient | undefined;
  // Lazy: in embedded mode notification may start before scheduling.
  const c = () => (client ??= createServiceClient(schedulingV1.SchedulingServiceClient, addr, tokens, 'scheduling-solver'));
  return {
    async latestSchedule(classId, teacherId) {
      try {
        const res = await callUnary(c().getLatestSchedule.bind(c()), c(), { classId, teacherId }, timeoutMs);
        return { scheduleId: res.scheduleId, availableTimes: scheduleDaysToSaved(res.availableTimes), rooms: roomsOf(res.rooms) };
      } catch (e) {
        if (isAppError(e) && e.code === 'NOT_FOUND') return null;
        throw e;
      }
    },
    async suggestMakeup(req) {
      const res = await callUnary(c().suggestMakeup.bind(c()), c(), req, timeoutMs);
      return res.candidates.map((x) => ({ date: x.date, start: x.start, end: x.end, idleAddedMinutes: x.idleAddedMinutes }));
    },
    close: () => client?.close(),
  };
}
