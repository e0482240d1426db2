import { scheduling } from '@stundenplan/contracts/routes';
import { slotToLabel } from '@stundenplan/timegrid';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../../shared/api/client';
import { queryKeys } from '../../../../shared/data/query-keys';
import type { Placement, PlannerRoom } from '../model/types';
import type { PlanActions } from './use-plan-state';

type Lesson = Pick<Placement, 'memberId' | 'day' | 'start' | 'week'>;

/** GET classes/{id}/room-options: the free suitable rooms of one lesson (docs/product/school-rooms-in-plans.md). */
export const roomOptionsQuery = (classId: string, lesson: Lesson) => {
  const start = slotToLabel(lesson.start);
  return queryOptions({
    queryKey: queryKeys.roomOptions(classId, lesson.memberId, lesson.day, start, lesson.week ?? ''),
    queryFn: async ({ signal }): Promise<PlannerRoom[]> => {
      const query = { member_id: lesson.memberId, day: String(lesson.day), start, ...(lesson.week ? { week: lesson.week } : {}) };
      // Several lessons may be checked at once: none may abort another (same path, other query).
      return (await call(scheduling.roomOptions, { params: { classId }, query }, { signal, abortPrevious: false }))?.rooms ?? [];
    },
    staleTime: 10_000,
  });
};

/** The room choice of one lesson (the room dialog); off while no lesson is chosen. */
export function useRoomOptions(classId: string, lesson: Lesson | null) {
  return useQuery({ ...roomOptionsQuery(classId, lesson ?? { memberId: '', day: 0, start: 0 }), enabled: Boolean(lesson) });
}

/**
 * A moved lesson keeps its room only when room-options still lists it at the new time; otherwise the room is
 * cleared (the sending then chooses one). A failed question clears it too: the plan never keeps a room it could not check.
 */
export function useRoomRecheck(classId: string, placements: readonly Placement[], confirmRoom: PlanActions['confirmRoom']) {
  const queryClient = useQueryClient();
  const unchecked = placements.filter((p) => p.roomUnchecked);
  const signature = unchecked.map((p) => `${p.memberId}:${p.day}:${p.start}:${p.week ?? ''}`).join('|');
  useEffect(() => {
    if (!signature) return;
    for (const p of unchecked) {
      const lesson: Lesson = { memberId: p.memberId, day: p.day, start: p.start, week: p.week ?? null };
      queryClient
        .fetchQuery(roomOptionsQuery(classId, lesson))
        .then((rooms) =>
          confirmRoom(
            lesson,
            rooms.map((r) => r.id),
          ),
        )
        .catch(() => confirmRoom(lesson, null));
    }
    // `unchecked` is described completely by `signature`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId, signature, queryClient, confirmRoom]);
}
