import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

export interface MemberPlanningTimes {
  memberId: string;
  userId: string;
  /** Teacher-entered times (SPEC "available_times"). */
  availableTimes: TimesMap;
  /** The student's own times (SPEC "available_times_user_input"). */
  availableTimesUserInput: TimesMap;
  /** Preferred parts (Wunschzeiten) of both. */
  preferredTimes: TimesMap;
  preferredTimesUserInput: TimesMap;
}

export interface PlanningData {
  teacherTimes: TimesMap;
  members: MemberPlanningTimes[];
}

export interface AvailabilityClient {
  /** Teacher times of the class and the times of the given members (user_ids parallel to member_ids, '' when unregistered). */
  getPlanningData(classId: string, members: { memberId: string; userId: string }[]): Promise<PlanningData>;
  close(): void;
}

/** Proto WeekTimes -> the SPEC's times map, canonical and without malformed labels. */
export function weekTimesToMap(w: availabilityV1.WeekTimes | undefined): TimesMap {
  if (w?.packed?.length) return WeekSlots.fromBytes(w.packed).toTimesMap();
  const raw: Record<string, string[]> = {};
  for (const [day, labels] of Object.entries(w?.days ?? {})) raw[String(day)] = labels?.labels ?? [];
  return WeekSlots.fromTimesMap(raw, { strict: false }).toTimesMap();
}

export function createAvailabilityClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): AvailabilityClient {
  const client = createServiceClient(availabilityV1.AvailabilityServiceClient, addr, tokens, 'availability');
  return {
    async getPlanningData(classId, members) {
      const res = await callUnary(
        client.getPlanningData.bind(client),
        client,
        { classId, memberIds: members.map((m) => m.memberId), userIds: members.map((m) => m.userId) },
        timeoutMs,
      );
      return {
        teacherTimes: weekTimesToMap(res.teacherTimes),
        members: res.members.map((m) => ({
          memberId: m.memberId,
          userId: m.userId,
          availableTimes: weekTimesToMap(m.availableTimes),
          availableTimesUserInput: weekTimesToMap(m.availableTimesUserInput),
          preferredTimes: weekTimesToMap(m.preferredTimes),
          preferredTimesUserInput: weekTimesToMap(m.preferredTimesUserInput),
        })),
      };
    },
    close: () => client.close(),
  };
}
