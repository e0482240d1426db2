import { AppError, isUuid, savedToScheduleDays, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { schedulingV1 } from '@stundenplan/proto';
import type { ScheduleRepository } from '../data/schedule-repository.js';
import { storedPinned, storedTimes } from '../domain/saved-form.js';

const NONE = 'Kein gespeicherter Stundenplan gefunden';

export function schedulingGrpc(log: Logger, schedules: ScheduleRepository): GrpcServiceBinding {
  const impl = {
    getLatestSchedule: wrapUnary<schedulingV1.GetLatestScheduleRequest, schedulingV1.GetLatestScheduleResponse>(log, async (req) => {
      if (!isUuid(req.classId)) throw AppError.notFound(NONE);
      const row = await schedules.latestOfClass(req.classId);
      if (!row || (req.teacherId && row.teacherId !== req.teacherId)) throw AppError.notFound(NONE);
      return {
        scheduleId: row.id,
        name: row.name,
        availableTimes: savedToScheduleDays(storedTimes(row.availableTimes)),
        description: row.description ?? '',
        classId: row.classId,
        teacherId: row.teacherId,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        pinnedMemberIds: storedPinned(row.pinned),
      };
    }),
  };
  return { definition: schedulingV1.SchedulingServiceService, implementation: impl };
}
