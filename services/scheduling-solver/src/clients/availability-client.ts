import { callUnary, createServiceClient, weekTimesToSlots, type ServiceTokenSigner } from '@stundenplan/base';
import { availabilityV1 } from '@stundenplan/proto';
import type { WeekSlots } from '@stundenplan/timegrid';

/** Times as WeekSlots: read from the wire once, turned into labels only where the engine needs them. */
export interface MemberPlanningTimes {
  memberId: string;
  userId: string;
  /** Teacher-entered times (SPEC "available_times"). */
  availableTimes: WeekSlots;
  /** The student's own times (SPEC "available_times_user_input"). */
  availableTimesUserInput: WeekSlots;
  /** Preferred parts (Wunschzeiten) of both. */
  preferredTimes: WeekSlots;
  preferredTimesUserInput: WeekSlots;
}

export interface PlanningData {
  teacherTimes: WeekSlots;
  members: MemberPlanningTimes[];
}

export interface AvailabilityClient {
  /** Teacher times of the class and the times of the given members (user_ids parallel to member_ids, '' when unregistered). */
  getPlanningData(classId: string, members: { memberId: string; userId: string }[]): Promise<PlanningData>;
  close(): void;
}

export function createAvailabilityClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): AvailabilityClient {
  const client = createServiceClient(availabilityV1.AvailabilityServiceClient, addr, tokens, 'availability');
  return {
    async getPlanningData(classId, members) {
      const res = await callUnary(client.getPlanningData.bind(client), client, { classId, members, memberIds: [], userIds: [] }, timeoutMs);
      return {
        teacherTimes: weekTimesToSlots(res.teacherTimes),
        members: res.members.map((m) => ({
          memberId: m.memberId,
          userId: m.userId,
          availableTimes: weekTimesToSlots(m.availableTimes),
          availableTimesUserInput: weekTimesToSlots(m.availableTimesUserInput),
          preferredTimes: weekTimesToSlots(m.preferredTimes),
          preferredTimesUserInput: weekTimesToSlots(m.preferredTimesUserInput),
        })),
      };
    },
    close: () => client.close(),
  };
}
