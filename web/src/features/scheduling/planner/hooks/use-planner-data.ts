import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api } from '../../../../shared/api/client';
import type { PlannerMember, ScheduleSummary } from '../model/types';

export const plannerKeys = {
  members: (classId: string) => ['planner', 'members', classId] as const,
  schedules: (classId: string) => ['planner', 'schedules', classId] as const,
};

function listOf<T>(answer: unknown, field: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object' && Array.isArray((answer as Record<string, unknown>)[field])) return (answer as Record<string, T[]>)[field]!;
  return [];
}

/** Members (with both time sources) and the saved schedules of the class. */
export function usePlannerData(classId: string) {
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: plannerKeys.members(classId),
    queryFn: async ({ signal }) => listOf<PlannerMember>(await api.get(`classes/${classId}/members`, { signal }), 'members'),
    enabled: Boolean(classId),
  });
  const schedules = useQuery({
    queryKey: plannerKeys.schedules(classId),
    queryFn: async ({ signal }) => listOf<ScheduleSummary>(await api.get(`classes/${classId}/schedules`, { signal }), 'schedules'),
    enabled: Boolean(classId),
  });

  // docs/product/planning.md: a class's members reload on a 'classStudentsUpdated' event.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: plannerKeys.members(classId) });
    window.addEventListener('classStudentsUpdated', reload);
    return () => window.removeEventListener('classStudentsUpdated', reload);
  }, [classId, queryClient]);

  const refreshSchedules = useCallback(() => queryClient.invalidateQueries({ queryKey: plannerKeys.schedules(classId) }), [classId, queryClient]);

  return { members, schedules, refreshSchedules };
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
