/**
 * Stable re-planning: the lessons of a saved schedule (previous_schedule_id of a calculation) as
 * the engine's "previous" lessons. Only a schedule of the same class owned by the caller counts;
 * anything else answers 404 like any other foreign id.
 */
import { AppError, isUuid } from '@stundenplan/base';
import { tryLabelToSlot } from '@stundenplan/timegrid';
import type { ScheduleRepository } from '../data/schedule-repository.js';
import { SCHEDULE_NOT_FOUND } from './access.js';
import { storedTimes, type SavedTimes } from './saved-form.js';
import type { PinnedLesson, Week } from './solver-port.js';

/** The first quarter hour of each member's earliest lesson (day, then time) in the saved form, with its week when biweekly. */
export function lessonsOf(times: SavedTimes): PinnedLesson[] {
  const first = new Map<string, { day: number; slot: number; label: string; week: Week | undefined }>();
  for (let day = 0; day < 7; day++) {
    for (const [label, memberId, week] of times[String(day)] ?? []) {
      const slot = tryLabelToSlot(label);
      if (slot === undefined || !memberId) continue;
      const known = first.get(memberId);
      if (!known || day < known.day || (day === known.day && slot < known.slot)) first.set(memberId, { day, slot, label, week });
    }
  }
  return [...first].map(([member_id, l]) => ({ member_id, day: l.day, start: l.label, ...(l.week ? { week: l.week } : {}) }));
}

/** previous_schedule_id -> lessons; undefined when none was given. */
export async function loadPreviousLessons(
  schedules: Pick<ScheduleRepository, 'findById'>,
  scheduleId: unknown,
  classId: string,
  teacherId: string,
): Promise<PinnedLesson[] | undefined> {
  if (scheduleId === undefined || scheduleId === null || scheduleId === '') return undefined;
  const row = isUuid(scheduleId) ? await schedules.findById(scheduleId) : null;
  if (!row || row.teacherId !== teacherId || row.classId !== classId) throw AppError.notFound(SCHEDULE_NOT_FOUND);
  return lessonsOf(storedTimes(row.availableTimes));
}
