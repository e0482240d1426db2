import { AppError } from '@stundenplan/base';
import { WeekSlots } from '@stundenplan/timegrid';
import type { RangeMode } from '../data/times-repository.js';
import type { AvailabilityDeps } from './deps.js';
import { parseTimes } from './parse-times.js';
import { PREFERRED_OUTSIDE_MEMBER, resolvePreferred } from './preferred-times.js';

const MAX_IDS_PER_CALL = 1000;
const MEMBER_OF_OTHER_CLASS = 'Das Mitglied gehört zu einer anderen Klasse.';

export interface MemberTimesInput {
  /** Ignored when keepTimes is set. */
  times?: unknown;
  /** undefined: the stored preferred times stay, cut to the new times. */
  preferred?: unknown;
  /** Only the preferred times change. */
  keepTimes?: boolean;
}

/**
 * Teacher-entered times (and their preferred part) of one member. The caller (classes) has already
 * checked that the teacher owns the class and the member belongs to it; a member id stored under
 * another class is refused.
 */
export async function setMemberTimes(
  deps: AvailabilityDeps,
  classId: string,
  memberId: string,
  input: MemberTimesInput,
): Promise<{ times: WeekSlots; preferred: WeekSlots }> {
  if (!classId || !memberId) throw AppError.badRequest('class_id und member_id sind erforderlich.');
  const parsed = input.keepTimes ? null : parseTimes(input.times ?? {});
  const result = await deps.repo.transaction(async (w) => {
    const before = await w.memberTimes(memberId);
    if (before && before.classId !== classId) throw AppError.forbidden(MEMBER_OF_OTHER_CLASS);
    const times = parsed ?? before?.times ?? WeekSlots.empty();
    const preferred = resolvePreferred(input.preferred, times, before?.preferred ?? WeekSlots.empty(), PREFERRED_OUTSIDE_MEMBER);
    if (before?.times.equals(times) && before.preferred.equals(preferred)) return { times, preferred };
    await w.saveMemberTimes(classId, memberId, times, preferred);
    await w.timesChanged({ kind: 'member', class_id: classId, member_id: memberId });
    return { times, preferred };
  });
  deps.kickOutbox();
  return result;
}

export interface PlanningMember {
  memberId: string;
  userId: string;
  /** Teacher-entered times. */
  availableTimes: WeekSlots;
  /** Preferred part of availableTimes. */
  preferredTimes: WeekSlots;
  /** The user's own times; empty for unregistered members. */
  availableTimesUserInput: WeekSlots;
  /** Preferred part of availableTimesUserInput. */
  preferredTimesUserInput: WeekSlots;
  /** ISO time of the user's last change, '' when none. */
  availableTimesUserInputLastModified: string;
}

export interface PlanningData {
  teacherTimes: WeekSlots;
  timeRange: WeekSlots | null;
  rangeMode: RangeMode | null;
  extraMinutes: number | null;
  members: PlanningMember[];
}

function assertIdCount(ids: string[]): void {
  if (ids.length > MAX_IDS_PER_CALL) throw AppError.badRequest(`Höchstens ${MAX_IDS_PER_CALL} Einträge pro Anfrage.`);
}

/** user_ids run parallel to member_ids (user_ids[i] is the user of member_ids[i]) or are left empty. */
function assertParallelUserIds(memberIds: string[], userIds: string[]): void {
  if (userIds.length > 0 && userIds.length !== memberIds.length) {
    throw AppError.badRequest('user_ids muss leer oder genauso lang wie member_ids sein (user_ids[i] gehört zu member_ids[i]).');
  }
}

/** WeekSlots is immutable: one empty set for every member without times. */
const NO_TIMES = WeekSlots.empty();

/**
 * Everything a class needs for its member list and the solver: teacher times, range, and each
 * member's times from both sources. user_ids run parallel to member_ids (or are left empty).
 */
export async function getPlanningData(deps: AvailabilityDeps, classId: string, memberIds: string[], userIds: string[]): Promise<PlanningData> {
  if (!classId) throw AppError.badRequest('class_id ist erforderlich.');
  assertIdCount(memberIds);
  assertParallelUserIds(memberIds, userIds);
  // The four reads do not depend on each other (user ids come with the request): one round trip of waiting.
  const [teacherTimes, range, stored, users] = await Promise.all([
    deps.repo.teacherTimes(classId),
    deps.repo.timeRange(classId),
    deps.repo.memberTimesOfClass(classId, memberIds.length ? memberIds : undefined),
    deps.repo.userTimesMany(memberIds.length ? userIds.filter(Boolean) : []),
  ]);
  const byMember = new Map(stored.map((m) => [m.memberId, m]));
  const refs = memberIds.length
    ? memberIds.map((memberId, i) => ({ memberId, userId: userIds[i] ?? '' }))
    : stored.map((m) => ({ memberId: m.memberId, userId: '' }));
  return {
    teacherTimes,
    timeRange: range?.timeRange ?? null,
    rangeMode: range?.mode ?? null,
    extraMinutes: range?.extraMinutes ?? null,
    members: refs.map(({ memberId, userId }) => {
      const own = userId ? users.get(userId) : undefined;
      const stored = byMember.get(memberId);
      return {
        memberId,
        userId,
        availableTimes: stored?.times ?? NO_TIMES,
        preferredTimes: stored?.preferred ?? NO_TIMES,
        availableTimesUserInput: own?.times ?? NO_TIMES,
        preferredTimesUserInput: own?.preferred ?? NO_TIMES,
        availableTimesUserInputLastModified: own ? own.lastModified.toISOString() : '',
      };
    }),
  };
}

export interface ClassMemberRefs {
  classId: string;
  memberIds: string[];
  /** Parallel to memberIds, '' for an unregistered member. */
  userIds: string[];
}

const MAX_CLASSES_PER_COUNT = 200;
const MAX_MEMBERS_PER_COUNT = 5000;

/**
 * Per class, how many members have any times: teacher-entered ones of that member, or the
 * registered student's own. One read for all classes (the teacher's class list asks on every load).
 */
export async function countAnswered(deps: AvailabilityDeps, classes: ClassMemberRefs[]): Promise<number[]> {
  if (classes.length > MAX_CLASSES_PER_COUNT) throw AppError.badRequest(`Höchstens ${MAX_CLASSES_PER_COUNT} Klassen pro Anfrage.`);
  let total = 0;
  for (const c of classes) {
    assertParallelUserIds(c.memberIds, c.userIds);
    total += c.memberIds.length;
  }
  if (total > MAX_MEMBERS_PER_COUNT) throw AppError.badRequest(`Höchstens ${MAX_MEMBERS_PER_COUNT} Mitglieder pro Anfrage.`);
  const counts = await deps.repo.countWithAnyTimes(
    classes.flatMap((c) => c.memberIds),
    classes.flatMap((c) => c.memberIds.map((_, i) => c.userIds[i] ?? '')),
    classes.flatMap((c, g) => c.memberIds.map(() => g)),
  );
  return classes.map((_, g) => counts.get(g) ?? 0);
}

/** Users' own times, one entry per requested id in request order. */
export async function getUserTimes(deps: AvailabilityDeps, userIds: string[]): Promise<PlanningMember[]> {
  assertIdCount(userIds);
  const users = await deps.repo.userTimesMany(userIds.filter(Boolean));
  return userIds.map((userId) => {
    const own = users.get(userId);
    return {
      memberId: '',
      userId,
      availableTimes: WeekSlots.empty(),
      preferredTimes: WeekSlots.empty(),
      availableTimesUserInput: own?.times ?? WeekSlots.empty(),
      preferredTimesUserInput: own?.preferred ?? WeekSlots.empty(),
      availableTimesUserInputLastModified: own ? own.lastModified.toISOString() : '',
    };
  });
}
