import { callUnary, createServiceClient, isAppError, scheduleDaysToSaved, type SavedScheduleTimes, type ServiceTokenSigner } from '@stundenplan/base';
import { schedulingV1 } from '@stundenplan/proto';

export interface SavedSchedule {
  scheduleId: string;
  availableTimes: SavedScheduleTimes;
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
        return { scheduleId: res.scheduleId, availableTimes: scheduleDaysToSaved(res.availableTimes) };
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
