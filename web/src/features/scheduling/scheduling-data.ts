// Server state of planning steps 1-3: the queries of the chosen class and the writes of steps 2 and 3, each a
// mutation on the shared keys (shared/data/query-keys.ts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeekSlots } from '@stundenplan/timegrid';
import { queryKeys } from '../../shared/data/query-keys';
import { writeRangeCookie, type RangeChoice } from './range-cookie';
import { fetchTeacherTimes, fetchTimeRange, saveTeacherTimes, saveTimeRange, type TimeRangeState } from './scheduling-api';

export const teacherTimesQuery = (classId: string) =>
  queryOptions({ queryKey: queryKeys.teacherTimes(classId), queryFn: ({ signal }) => fetchTeacherTimes(classId, signal), enabled: Boolean(classId) });

export const timeRangeQuery = (classId: string) =>
  queryOptions({ queryKey: queryKeys.timeRange(classId), queryFn: ({ signal }) => fetchTimeRange(classId, signal), enabled: Boolean(classId) });

/** Step 2: the teacher's times; the server re-derives an exact or extended range from them. */
export function useSaveTeacherTimes(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (times: WeekSlots) => saveTeacherTimes(classId, times),
    onSuccess: (stored) => {
      queryClient.setQueryData(queryKeys.teacherTimes(classId), stored);
      void queryClient.invalidateQueries({ queryKey: queryKeys.timeRange(classId) });
    },
  });
}

/** Step 3: the range mode (exact, extended or a custom range); the cookie mirrors the saved mode. */
export function useSaveTimeRange(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ choice, custom }: { choice: RangeChoice; custom?: WeekSlots }): Promise<TimeRangeState> => {
      const answer = await saveTimeRange(classId, choice, custom);
      return answer.mode ? answer : { ...answer, mode: choice.mode, extraMinutes: choice.extraMinutes, timeRange: answer.timeRange ?? custom ?? null };
    },
    onSuccess: (stored) => {
      queryClient.setQueryData(queryKeys.timeRange(classId), stored);
      writeRangeCookie(classId, { mode: stored.mode!, extraMinutes: stored.extraMinutes });
    },
  });
}
