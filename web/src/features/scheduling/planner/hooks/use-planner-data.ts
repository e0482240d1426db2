import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { scheduling } from '@stundenplan/contracts';
import { call } from '../../../../shared/api/client';
import { membersQuery } from '../../../../shared/data/classes';
import { queryKeys } from '../../../../shared/data/query-keys';
import type { ScheduleSummary } from '../model/types';

/** GET classes/{id}/schedules. */
export async function fetchSchedules(classId: string, signal?: AbortSignal): Promise<ScheduleSummary[]> {
  return (await call(scheduling.listClassSchedules, { params: { classId } }, { signal }))?.schedules ?? [];
}

export const schedulesQuery = (classId: string) =>
  queryOptions({ queryKey: queryKeys.schedules(classId), queryFn: ({ signal }) => fetchSchedules(classId, signal), enabled: Boolean(classId) });

/** Members (with both time sources, the same cache entry as the class page's) and the saved schedules of the class. */
export function usePlannerData(classId: string) {
  const queryClient = useQueryClient();
  const members = useQuery(membersQuery(classId));
  const schedules = useQuery(schedulesQuery(classId));

  // docs/product/planning.md: a class's members reload on a 'classStudentsUpdated' event.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.members(classId) });
    window.addEventListener('classStudentsUpdated', reload);
    return () => window.removeEventListener('classStudentsUpdated', reload);
  }, [classId, queryClient]);

  return { members, schedules };
}

/** The latest saved schedule by created_at (docs/product/planning.md "Teacher scheduling process"). */
export function latestSchedule(list: readonly ScheduleSummary[]): ScheduleSummary | undefined {
  let best: ScheduleSummary | undefined;
  let bestTime = -Infinity;
  for (const s of list) {
    const t = s.created_at ? Date.parse(s.created_at) : NaN;
    const time = Number.isNaN(t) ? -Infinity + 1 : t;
    if (!best || time > bestTime) {
      best = s;
      bestTime = time;
    }
  }
  return best;
}
