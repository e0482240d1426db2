import { scheduling } from '@stundenplan/contracts/routes';
import { useCallback } from 'react';
import { call, errorMessage } from '../../../../shared/api/client';
import { useLatest } from '../../../../shared/hooks/use-latest';
import { toast } from '../../../../shared/toast';
import { withRooms } from '../model/rooms';
import { planFromSaved } from '../model/schedule-forms';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlannerMember, ScheduleSummary } from '../model/types';
import { useDeleteSchedule } from './schedule-mutations';
import { wasAborted } from './save-errors';
import type { PlanActions, PlanState } from './use-plan-state';

interface Deps {
  classId: string;
  members: readonly PlannerMember[];
  state: PlanState;
  actions: PlanActions;
}

/** Loading and deleting saved schedules (docs/product/planning.md "Loading a schedule"). */
export function useScheduleLibrary(deps: Deps) {
  const depsRef = useLatest(deps);
  const remove = useDeleteSchedule(deps.classId);
  const { mutateAsync: removeAsync } = remove;

  const loadSchedule = useCallback(
    async (id: string): Promise<boolean> => {
      const { members, actions } = depsRef.current;
      try {
        const detail = await call(scheduling.getSchedule, { params: { scheduleId: id } });
        if (!detail) return false;
        // Rooms as saved (names and sites are the snapshot of the save); a member's room only where `rooms` names it.
        const details = detail.room_details ?? {};
        const rooms = Object.fromEntries(Object.keys(detail.rooms ?? {}).flatMap((id) => (details[id] ? [[id, details[id]]] : [])));
        const plan = withRooms(planFromSaved(detail.available_times, members, detail.pinned), rooms);
        actions.load(plan, { id: detail.id, name: detail.name.trim() || null, description: detail.description?.trim() || null });
        return true;
      } catch (e) {
        if (wasAborted(e)) return false;
        toast.error(PLANNER_TEXTS.loadFailed(errorMessage(e)));
        return false;
      }
    },
    [depsRef],
  );

  const deleteSchedule = useCallback(
    async (schedule: ScheduleSummary): Promise<boolean> => {
      try {
        await removeAsync(schedule);
        const { state, actions } = depsRef.current;
        if (state.current.id === schedule.id) actions.detach();
        actions.dropBase(schedule.id);
        toast.success(PLANNER_TEXTS.deleted);
        return true;
      } catch (e) {
        toast.error(PLANNER_TEXTS.deleteFailed);
        console.warn('Stundenplan löschen fehlgeschlagen', e);
        return false;
      }
    },
    [depsRef, removeAsync],
  );

  return { loadSchedule, deleteSchedule, deletingId: remove.isPending ? (remove.variables?.id ?? null) : null };
}
