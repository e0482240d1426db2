import { callUnary, createServiceClient, weekTimesToSlots, type ServiceTokenSigner } from '@stundenplan/base';
import { availabilityV1 } from '@stundenplan/proto';
import type { WeekSlots } from '@stundenplan/timegrid';

/** One member's weekly times: the student's own (registered and verified) and the teacher-entered ones. */
export interface MemberWeekTimes {
  memberId: string;
  own: WeekSlots;
  entered: WeekSlots;
}

/** What notification needs from the availability service: the members' times (swaps check them). */
export interface AvailabilityClient {
  /** Times of the given members (user id '' for an unregistered or unverified member: no own times read). Throws when the service cannot answer. */
  memberTimes(classId: string, members: { memberId: string; userId: string }[]): Promise<MemberWeekTimes[]>;
  close(): void;
}

export function createAvailabilityClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): AvailabilityClient {
  let client: availabilityV1.AvailabilityServiceClient | undefined;
  // Lazy: in embedded mode notification may start before availability.
  const c = () => (client ??= createServiceClient(availabilityV1.AvailabilityServiceClient, addr, tokens, 'availability'));
  return {
    async memberTimes(classId, members) {
      if (!members.length) return [];
      const res = await callUnary(c().getPlanningData.bind(c()), c(), { classId, members, memberIds: [], userIds: [] }, timeoutMs);
      return res.members.map((m) => ({ memberId: m.memberId, own: weekTimesToSlots(m.availableTimesUserInput), entered: weekTimesToSlots(m.availableTimes) }));
    },
    close: () => client?.close(),
  };
}
