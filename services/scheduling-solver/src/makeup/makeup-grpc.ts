import { AppError, isAppError } from '@stundenplan/base';
import type { schedulingV1 } from '@stundenplan/proto';
import type { AvailabilityClient } from '../clients/availability-client.js';
import type { ClassesClient } from '../clients/classes-client.js';
import { defaultPreference, lessonMinutes } from '../domain/calculation-problem.js';
import { makeupCandidates, makeupWindows, type MakeupDayInput } from './suggest.js';

export interface MakeupDeps {
  classes: ClassesClient;
  availability: AvailabilityClient;
}

/** At most a year of days and a day's worth of lessons per day: anything more is not a make-up question. */
const MAX_DAYS = 400;
const MAX_BUSY = 96;

/**
 * SuggestMakeup: the class must be the teacher's and the member its member (ListMembers checks the owner;
 * a foreign class and an unknown member alike answer NOT_FOUND). The times are read here, not taken from the
 * caller: the student's chosen times (their own when registered and given, else the teacher's entry for them)
 * and the teacher's times of the class.
 */
export async function suggestMakeup(deps: MakeupDeps, req: schedulingV1.SuggestMakeupRequest): Promise<schedulingV1.SuggestMakeupResponse> {
  if (!req.classId || !req.teacherId || !req.memberId) throw AppError.badRequest('class_id, teacher_id und member_id fehlen');
  if (req.days.length > MAX_DAYS || req.days.some((d) => d.busy.length > MAX_BUSY)) throw AppError.badRequest('Zu viele Tage oder Termine');
  const members = await deps.classes.listMembers(req.classId, req.teacherId).catch((e: unknown) => {
    if (isAppError(e) && (e.code === 'FORBIDDEN' || e.code === 'BAD_REQUEST')) throw AppError.notFound('Klasse nicht gefunden');
    throw e;
  });
  const member = members.find((m) => m.memberId === req.memberId);
  if (!member) throw AppError.notFound('Mitglied nicht gefunden');
  const planning = await deps.availability.getPlanningData(req.classId, [{ memberId: member.memberId, userId: member.userId }]);
  const t = planning.members.find((m) => m.memberId === member.memberId);
  const own = t?.availableTimesUserInput;
  const model = makeupWindows({
    teacherTimes: planning.teacherTimes.toTimesMap(),
    student: {
      member_id: member.memberId,
      name: member.name,
      duration: lessonMinutes(member.duration),
      available_times: t?.availableTimes.toTimesMap() ?? {},
      available_times_user_input: own?.toTimesMap() ?? {},
    },
    source: own ? defaultPreference(member, own) : 'available_times',
  });
  const days: MakeupDayInput[] = req.days.map((d) => ({ date: d.date, weekday: d.weekday, busy: d.busy.map((b) => ({ start: b.start, end: b.end })) }));
  const candidates = makeupCandidates(model, days, Math.max(0, req.limit));
  return { candidates: candidates.map((c) => ({ date: c.date, start: c.start, end: c.end, idleAddedMinutes: c.idleAddedMinutes })) };
}
