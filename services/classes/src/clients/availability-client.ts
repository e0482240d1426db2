import { callUnary, createServiceClient, mapToWeekTimes, weekTimesBytes, weekTimesToMap, type Logger, type ServiceTokenSigner } from '@stundenplan/base';
import { availabilityV1 } from '@stundenplan/proto';
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

/** Times of one member as the member list shows them (docs/product/data.md Class member). */
export interface MemberTimesView {
  available_times: TimesMap;
  available_times_user_input: TimesMap;
  available_times_user_input_last_modified: string | null;
  /** Preferred part of available_times (Wunschzeiten). */
  preferred_times: TimesMap;
  /** Preferred part of available_times_user_input. */
  preferred_times_user_input: TimesMap;
}

export const emptyTimes = (): MemberTimesView => ({
  available_times: {},
  available_times_user_input: {},
  available_times_user_input_last_modified: null,
  preferred_times: {},
  preferred_times_user_input: {},
});

/**
 * Times maps read from the compact form, kept by their 84 bytes: the member list asks for the same
 * times again and again, and a kept (frozen) map is neither rebuilt nor re-serialized (see
 * http/members-json.ts). Bounded; the oldest entries go first. Read-only: shared between answers.
 */
const packedMaps = new Map<string, TimesMap>();
const PACKED_MAPS_MAX = 20_000;

function sharedTimesMap(w: availabilityV1.WeekTimes | undefined): TimesMap {
  const packed = weekTimesBytes(w);
  if (!packed?.length) return weekTimesToMap(w);
  const key = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength).toString('latin1');
  let map = packedMaps.get(key);
  if (!map) {
    map = WeekSlots.fromBytes(packed).toTimesMap();
    for (const labels of Object.values(map)) Object.freeze(labels);
    Object.freeze(map);
    if (packedMaps.size >= PACKED_MAPS_MAX) packedMaps.delete(packedMaps.keys().next().value!);
    packedMaps.set(key, map);
  }
  return map;
}

/** Members as the requests name them ('' for a member without an account). */
const memberRefs = (members: { memberId: string; userId: string | null }[]): availabilityV1.MemberRef[] =>
  members.map((m) => ({ memberId: m.memberId, userId: m.userId ?? '' }));

/** When the user last saved their own times (ISO 8601), or null; the string field of older senders is still read. */
function userInputModified(m: availabilityV1.MemberTimes | undefined): string | null {
  return m?.userInputUpdateTime?.toISOString() ?? (m?.availableTimesUserInputLastModified || null);
}

/** Typed gRPC client of the availability service (deadlines; errors become AppError). */
export class AvailabilityClient {
  private readonly client: availabilityV1.AvailabilityServiceClient;

  constructor(
    addr: string,
    tokens: ServiceTokenSigner,
    private readonly log: Logger,
    private readonly timeoutMs = 3000,
  ) {
    this.client = createServiceClient(availabilityV1.AvailabilityServiceClient, addr, tokens, 'availability');
  }

  /**
   * Times per member_id for the member list. Never throws: null (logged) when the availability service is
   * down, and the list still loads, with empty times.
   */
  async planningTimes(classId: string, members: { memberId: string; userId: string | null }[]): Promise<Map<string, MemberTimesView> | null> {
    try {
      return await this.planningTimesOrThrow(classId, members);
    } catch (e) {
      this.log.warn({ err: (e as Error).message, classId }, 'availability unreachable: member times left empty');
      return null;
    }
  }

  /**
   * Member ids that have any times: their own times (registered students) or teacher-entered times.
   * null when the availability service cannot answer (the caller shows no count rather than a wrong one).
   */
  async membersWithTimes(classId: string, members: { memberId: string; userId: string | null }[]): Promise<Set<string> | null> {
    try {
      const times = await this.planningTimesOrThrow(classId, members);
      const answered = new Set<string>();
      for (const [memberId, t] of times) {
        if (Object.keys(t.available_times).length || Object.keys(t.available_times_user_input).length) answered.add(memberId);
      }
      return answered;
    } catch (e) {
      this.log.warn({ err: (e as Error).message, classId }, 'availability unreachable: answered count unknown');
      return null;
    }
  }

  /**
   * Per class (in the given order), how many members have any times; null when the availability
   * service cannot answer (the class list then shows no count rather than a wrong one).
   */
  async countAnswered(classes: { classId: string; members: { memberId: string; userId: string | null }[] }[]): Promise<number[] | null> {
    if (!classes.length) return [];
    try {
      const res = await callUnary(
        this.client.countAnswered.bind(this.client),
        this.client,
        {
          classes: classes.map((c) => ({ classId: c.classId, members: memberRefs(c.members), memberIds: [], userIds: [] })),
        },
        this.timeoutMs,
      );
      return res.counts;
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'availability unreachable: answered counts unknown');
      return null;
    }
  }

  private async planningTimesOrThrow(classId: string, members: { memberId: string; userId: string | null }[]): Promise<Map<string, MemberTimesView>> {
    const result = new Map<string, MemberTimesView>();
    if (!members.length) return result;
    const res = await callUnary(
      this.client.getPlanningData.bind(this.client),
      this.client,
      {
        classId,
        members: memberRefs(members),
        memberIds: [],
        userIds: [],
      },
      this.timeoutMs,
    );
    // Entries per member; an entry with only a user_id carries that student's own times.
    const byUser = new Map<string, availabilityV1.MemberTimes>();
    for (const m of res.members) if (!m.memberId && m.userId) byUser.set(m.userId, m);
    const byMember = new Map(res.members.filter((m) => m.memberId).map((m) => [m.memberId, m]));
    for (const { memberId, userId } of members) {
      const m = byMember.get(memberId);
      const own = userId ? byUser.get(userId) : undefined;
      if (!m && !own) continue;
      const userInput = sharedTimesMap(m?.availableTimesUserInput);
      const useOwn = !Object.keys(userInput).length && own;
      result.set(memberId, {
        available_times: sharedTimesMap(m?.availableTimes),
        available_times_user_input: useOwn ? sharedTimesMap(own.availableTimesUserInput ?? own.availableTimes) : userInput,
        available_times_user_input_last_modified: userInputModified(useOwn ? own : m),
        preferred_times: sharedTimesMap(m?.preferredTimes),
        preferred_times_user_input: sharedTimesMap(useOwn ? own.preferredTimesUserInput : m?.preferredTimesUserInput),
      });
    }
    return result;
  }

  /** Students' own times by user id; empty map (logged) when the availability service is down. */
  async userTimes(userIds: string[]): Promise<Map<string, TimesMap>> {
    const result = new Map<string, TimesMap>();
    if (!userIds.length) return result;
    try {
      const res = await callUnary(this.client.getUserTimes.bind(this.client), this.client, { userIds }, this.timeoutMs);
      for (const u of res.users) {
        if (!u.userId) continue;
        // The student's own times; accept them in either field of MemberTimes.
        const own = weekTimesToMap(u.availableTimesUserInput);
        result.set(u.userId, Object.keys(own).length ? own : weekTimesToMap(u.availableTimes));
      }
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'availability unreachable: user times left empty');
    }
    return result;
  }

  /**
   * Teacher-entered times of one member and their preferred part; validated by the availability
   * service. times undefined: the stored times stay; preferred undefined: the stored preferred
   * times stay (cut to the times). Throws on failure.
   */
  async setMemberTimes(
    classId: string,
    memberId: string,
    times: TimesMap | undefined,
    preferred?: TimesMap,
  ): Promise<{ available_times: TimesMap; preferred_times: TimesMap }> {
    const res = await callUnary(
      this.client.setMemberTimes.bind(this.client),
      this.client,
      {
        classId,
        memberId,
        availableTimes: times === undefined ? undefined : mapToWeekTimes(times),
        keepAvailableTimes: times === undefined,
        preferredTimes: preferred === undefined ? undefined : mapToWeekTimes(preferred),
      },
      this.timeoutMs,
    );
    return { available_times: weekTimesToMap(res.availableTimes), preferred_times: weekTimesToMap(res.preferredTimes) };
  }

  close(): void {
    this.client.close();
  }
}
