import { AppError, savedToScheduleDays, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { schedulingV1 } from '@stundenplan/proto';
import { roomsForSending, type RoomFillDeps } from '../domain/fill-rooms.js';
import { latestSchedule, type LatestScheduleSource } from '../domain/latest-schedule.js';
import { storedPinned, storedTimes } from '../domain/saved-form.js';
import { storedRooms } from '../domain/schedules.js';
import { suggestMakeup, type MakeupDeps } from '../makeup/makeup-grpc.js';

/**
 * `rooms` (the classes and school clients): GetLatestSchedule, read by notification to send the plan, gives a lesson
 * saved without a room a free suitable one (domain/fill-rooms.ts); without it the saved rooms only.
 */
export function schedulingGrpc(log: Logger, schedules: LatestScheduleSource, makeup?: MakeupDeps, rooms?: Omit<RoomFillDeps, 'log'>): GrpcServiceBinding {
  const impl = {
    getLatestSchedule: wrapUnary<schedulingV1.GetLatestScheduleRequest, schedulingV1.GetLatestScheduleResponse>(log, async (req) => {
      const row = await latestSchedule(schedules, req.classId, req.teacherId);
      const times = storedTimes(row.availableTimes);
      const saved = storedRooms(row.rooms);
      const withRooms = rooms ? await roomsForSending({ ...rooms, log }, { classId: row.classId, teacherId: row.teacherId, times, rooms: saved }) : saved;
      return {
        scheduleId: row.id,
        name: row.name,
        availableTimes: savedToScheduleDays(times),
        description: row.description ?? '',
        classId: row.classId,
        teacherId: row.teacherId,
        // The ISO strings still, for callers before the Timestamps (not on a hot path).
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        createTime: row.createdAt,
        updateTime: row.updatedAt,
        pinnedMemberIds: storedPinned(row.pinned),
        rooms: Object.fromEntries(Object.entries(withRooms).map(([id, r]) => [id, { roomId: r.id, name: r.name, siteId: r.site_id, siteName: r.site_name }])),
      };
    }),
    suggestMakeup: wrapUnary<schedulingV1.SuggestMakeupRequest, schedulingV1.SuggestMakeupResponse>(log, async (req) => {
      if (!makeup) throw new AppError('UNAVAILABLE', 'make-up suggestions are not configured');
      return suggestMakeup(makeup, req);
    }),
  };
  return { definition: schedulingV1.SchedulingServiceService, implementation: impl };
}
