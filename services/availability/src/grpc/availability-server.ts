import { slotsToWeekTimes, weekTimesToMap, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { availabilityV1 } from '@stundenplan/proto';
import type { AvailabilityDeps } from '../domain/deps.js';
import { countAnswered, getPlanningData, getUserTimes, setMemberTimes, type PlanningMember } from '../domain/manage-member-times.js';

const memberTimes = (m: PlanningMember): availabilityV1.MemberTimes => ({
  memberId: m.memberId,
  userId: m.userId,
  availableTimes: slotsToWeekTimes(m.availableTimes),
  availableTimesUserInput: slotsToWeekTimes(m.availableTimesUserInput),
  // Senders fill the Timestamp only (proto/stundenplan/availability/v1: the string field is deprecated).
  availableTimesUserInputLastModified: '',
  userInputUpdateTime: m.availableTimesUserInputLastModified ? new Date(m.availableTimesUserInputLastModified) : undefined,
  preferredTimes: slotsToWeekTimes(m.preferredTimes),
  preferredTimesUserInput: slotsToWeekTimes(m.preferredTimesUserInput),
});

/** The members a request names: `members`, or the parallel ids a sender before that field filled. */
function memberRefs(r: { members: availabilityV1.MemberRef[]; memberIds: string[]; userIds: string[] }): { memberIds: string[]; userIds: string[] } {
  if (!r.members.length) return { memberIds: r.memberIds, userIds: r.userIds };
  return { memberIds: r.members.map((m) => m.memberId), userIds: r.members.map((m) => m.userId) };
}

/** AvailabilityService for classes (member list, member times) and the solver (planning data). */
export function availabilityGrpc(deps: AvailabilityDeps, log: Logger): GrpcServiceBinding {
  const implementation: availabilityV1.AvailabilityServiceServer = {
    getPlanningData: wrapUnary(log, async (req: availabilityV1.GetPlanningDataRequest): Promise<availabilityV1.GetPlanningDataResponse> => {
      const { memberIds, userIds } = memberRefs(req);
      const data = await getPlanningData(deps, req.classId, memberIds, userIds);
      return {
        teacherTimes: slotsToWeekTimes(data.teacherTimes),
        timeRange: data.timeRange ? slotsToWeekTimes(data.timeRange) : undefined,
        rangeMode: data.rangeMode ?? '',
        extraMinutes: data.extraMinutes ?? 0,
        members: data.members.map(memberTimes),
      };
    }),
    getUserTimes: wrapUnary(
      log,
      async (req: availabilityV1.GetUserTimesRequest): Promise<availabilityV1.GetUserTimesResponse> => ({
        users: (await getUserTimes(deps, req.userIds)).map(memberTimes),
      }),
    ),
    countAnswered: wrapUnary(
      log,
      async (req: availabilityV1.CountAnsweredRequest): Promise<availabilityV1.CountAnsweredResponse> => ({
        counts: await countAnswered(
          deps,
          req.classes.map((c) => ({ classId: c.classId, ...memberRefs(c) })),
        ),
      }),
    ),
    setMemberTimes: wrapUnary(log, async (req: availabilityV1.SetMemberTimesRequest): Promise<availabilityV1.SetMemberTimesResponse> => {
      const saved = await setMemberTimes(deps, req.classId, req.memberId, {
        times: weekTimesToMap(req.availableTimes),
        preferred: req.preferredTimes ? weekTimesToMap(req.preferredTimes) : undefined,
        keepTimes: req.keepAvailableTimes,
      });
      return { availableTimes: slotsToWeekTimes(saved.times), preferredTimes: slotsToWeekTimes(saved.preferred) };
    }),
  };
  return { definition: availabilityV1.AvailabilityServiceService, implementation };
}
