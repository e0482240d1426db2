/**
 * The problem of one calculation: the class's members, the pinned lessons checked against them, and
 * the times from the availability service. Times stay WeekSlots here; the engine's label form is
 * written once, when the problem is built.
 */
import { AppError } from '@stundenplan/base';
import { SLOTS_PER_DAY, WeekSlots, durationToSlots, slotToLabel } from '@stundenplan/timegrid';
import type { MemberPlanningTimes, PlanningData } from '../clients/availability-client.js';
import type { ClassMember } from '../clients/classes-client.js';
import { CALC_TEXTS } from './calculation-texts.js';
import type { CalcInput } from './parse-calculation.js';
import type { PinnedLesson, SolveProblem, TimeSource, Week } from './solver-port.js';
import type { MemberInfo } from './timetable.js';

/** The class's members as the calculation sees them. */
export interface Roster {
  members: ClassMember[];
  byId: ReadonlyMap<string, ClassMember>;
  info: ReadonlyMap<string, MemberInfo>;
  pinned: PinnedLesson[];
}

/** The times of one member by source, as chosen for the engine. */
export interface ChosenTimes {
  source: TimeSource;
  week: WeekSlots;
}

/** Durations come from the classes service (15..120); anything odd is rounded up to whole quarter hours, default 30. */
export function lessonMinutes(duration: number): number {
  return duration > 0 ? durationToSlots(duration) * 15 : 30;
}

/** SPEC "Time preferences"; default: the student's own times when registered and non-empty, else the teacher-entered ones. */
export function defaultPreference(member: Pick<ClassMember, 'userId'>, userInput: WeekSlots): TimeSource {
  return member.userId && !userInput.isEmpty() ? 'available_times_user_input' : 'available_times';
}

/** Every member id of the body belongs to the class; pinned lessons fit the day and do not overlap. */
export function rosterOf(members: ClassMember[], input: CalcInput): Roster {
  const byId = new Map(members.map((m) => [m.memberId, m]));
  const unknown = [...new Set([...Object.keys(input.timePreferences), ...input.pinned.map((p) => p.member_id)])].filter((id) => !byId.has(id));
  if (unknown.length) throw AppError.badRequest(CALC_TEXTS.unknownMembers(unknown));
  const info = new Map<string, MemberInfo>(members.map((m) => [m.memberId, { name: m.name, duration: lessonMinutes(m.duration) }]));
  // A pin's week counts only for a biweekly member (default A); a weekly member's lesson is in both weeks.
  const pinned = input.pinned.map((p) => ({ ...p, week: byId.get(p.member_id)!.frequency === 'biweekly' ? (p.week ?? 'A') : null }));
  return { members, byId, info, pinned: checkPinned(pinned, info) };
}

/** The weeks a lesson takes place in: a weekly lesson in both. */
const weeksOf = (week: Week | null): Week[] => (week ? [week] : ['A', 'B']);

function checkPinned(list: (Omit<CalcInput['pinned'][number], 'week'> & { week: Week | null })[], info: ReadonlyMap<string, MemberInfo>): PinnedLesson[] {
  const seen = new Set<string>();
  const taken = new Map<string, string>();
  for (const p of list) {
    const member = info.get(p.member_id)!;
    if (seen.has(p.member_id)) throw AppError.badRequest(CALC_TEXTS.pinnedTwice(member.name));
    seen.add(p.member_id);
    const end = p.slot + durationToSlots(member.duration);
    if (end > SLOTS_PER_DAY) throw AppError.badRequest(CALC_TEXTS.pinnedPastMidnight(member.name));
    for (let s = p.slot; s < end; s++) {
      for (const week of weeksOf(p.week)) {
        const other = taken.get(`${p.day}:${s}:${week}`);
        if (other && other !== p.member_id) throw AppError.badRequest(CALC_TEXTS.pinnedOverlap(info.get(other)!.name, member.name, p.day));
        taken.set(`${p.day}:${s}:${week}`, p.member_id);
      }
    }
  }
  return list.map((p) => ({ member_id: p.member_id, day: p.day, start: slotToLabel(p.slot), ...(p.week ? { week: p.week } : {}) }));
}

/** Each member's chosen source and times (the body's preference, else the default). */
export function chosenTimes(roster: Roster, input: CalcInput, planning: PlanningData): Map<string, ChosenTimes> {
  const timesById = new Map(planning.members.map((t) => [t.memberId, t]));
  return new Map(
    roster.members.map((m) => {
      const t = timesById.get(m.memberId);
      const own = t?.availableTimesUserInput;
      const source = input.timePreferences[m.memberId] ?? (own ? defaultPreference(m, own) : 'available_times');
      const week = source === 'available_times_user_input' ? own : t?.availableTimes;
      return [m.memberId, { source, week: week ?? WeekSlots.empty() }];
    }),
  );
}

/** The engine's problem: the one place where the week's slots become labels. */
export function buildProblem(
  input: CalcInput,
  roster: Roster,
  planning: PlanningData,
  chosen: ReadonlyMap<string, ChosenTimes>,
  previous: PinnedLesson[] | undefined,
): SolveProblem {
  const timesById = new Map<string, MemberPlanningTimes>(planning.members.map((t) => [t.memberId, t]));
  return {
    wiggleRoom: input.wiggleRoom,
    teacherTimes: planning.teacherTimes.toTimesMap(),
    students: roster.members.map((m) => {
      const t = timesById.get(m.memberId);
      return {
        member_id: m.memberId,
        name: m.name,
        duration: lessonMinutes(m.duration),
        available_times: t?.availableTimes.toTimesMap() ?? {},
        available_times_user_input: t?.availableTimesUserInput.toTimesMap() ?? {},
        preferred_times: t?.preferredTimes.toTimesMap() ?? {},
        preferred_times_user_input: t?.preferredTimesUserInput.toTimesMap() ?? {},
        frequency: m.frequency,
      };
    }),
    timePreferences: Object.fromEntries(roster.members.map((m) => [m.memberId, chosen.get(m.memberId)!.source])),
    ...(roster.pinned.length ? { pinned: roster.pinned } : {}),
    ...(previous ? { previous: previous.filter((l) => roster.byId.has(l.member_id)) } : {}),
    ...(input.priority ? { priority: input.priority } : {}),
  };
}
