import { useEffect, useRef } from 'react';
import { toast } from '../../../../shared/toast';
import { PLANNER_TEXTS } from '../model/texts';
import type { ScheduleSummary } from '../model/types';
import { latestSchedule } from './use-planner-data';

interface QueryState<T> {
  isSuccess: boolean;
  isError: boolean;
  data?: T;
}

/** docs/product/planning.md: the latest saved schedule (by created_at) is loaded with the members, once per class. */
export function useAutoLoadLatest(
  classId: string,
  members: QueryState<unknown>,
  schedules: QueryState<readonly ScheduleSummary[]>,
  dirty: boolean,
  loadSchedule: (id: string) => Promise<unknown>,
): void {
  const autoLoaded = useRef<string | null>(null);
  useEffect(() => {
    if (autoLoaded.current === classId) return;
    if (schedules.isError) {
      autoLoaded.current = classId;
      toast.error(PLANNER_TEXTS.listFailed);
      return;
    }
    if (!members.isSuccess || !schedules.isSuccess || !schedules.data) return;
    autoLoaded.current = classId;
    const latest = latestSchedule(schedules.data);
    if (latest && !dirty) void loadSchedule(latest.id);
  }, [classId, members.isSuccess, schedules.isSuccess, schedules.isError, schedules.data, dirty, loadSchedule]);
}
