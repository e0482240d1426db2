import { AppError, isUuid } from '@stundenplan/base';
import type { ScheduleRepository } from '../data/schedule-repository.js';

const NONE = 'Kein gespeicherter Stundenplan gefunden';

export type LatestScheduleSource = Pick<ScheduleRepository, 'latestOfClass'>;

/** The newest saved schedule of a class (gRPC GetLatestSchedule); with a teacher id only the owner's. */
export async function latestSchedule(schedules: LatestScheduleSource, classId: string, teacherId: string) {
  if (!isUuid(classId)) throw AppError.notFound(NONE);
  const row = await schedules.latestOfClass(classId);
  if (!row || (teacherId && row.teacherId !== teacherId)) throw AppError.notFound(NONE);
  return row;
}
