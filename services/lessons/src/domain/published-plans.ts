import type { ScheduleSentPayload } from '@stundenplan/base';
import type { PlanLesson } from '../data/plan-repository.js';
import type { LessonsDeps } from './deps.js';

/** The lessons as sent, each with its room when it has one (a null room is no room: no key, as before rooms). */
function lessonsOf(lessons: ScheduleSentPayload['lessons']): Record<string, PlanLesson[]> {
  return Object.fromEntries(
    Object.entries(lessons).map(([memberId, list]) => [memberId, list.map(({ room, ...l }): PlanLesson => (room ? { ...l, room } : l))]),
  );
}

/** schedule.sent.v1: the plan as the students got it is kept, once per sending (docs/adr/0031-lessons-service.md). */
export async function recordSentPlan(deps: LessonsDeps, p: ScheduleSentPayload): Promise<boolean> {
  return deps.plans.record({
    sendingId: p.sending_id.toLowerCase(),
    classId: p.class_id.toLowerCase(),
    teacherId: p.teacher_id,
    scheduleId: p.schedule_id.toLowerCase(),
    lessons: lessonsOf(p.lessons),
    from: p.from,
    until: p.until,
    informed: p.informed_member_ids,
    sentAt: new Date(p.sent_at),
  });
}

/** Deletion and retention of a class (docs/privacy/loeschkonzept.md): its published plans go. */
export function forgetClassPlans(deps: LessonsDeps, classId: string): Promise<number> {
  return deps.plans.forgetClass(classId.toLowerCase());
}
