import type { WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../../shared/toast';
import { evaluateDrop } from '../model/placements';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlanContent, Placement, PlannerMember } from '../model/types';

/** How long 'Rückgängig' stays offered after a lesson was taken out of the plan. */
export const UNDO_MS = 10_000;

interface Options {
  plan: PlanContent;
  placementById: ReadonlyMap<string, Placement>;
  byId: ReadonlyMap<string, PlannerMember>;
  nameOf: (memberId: string) => string;
  weekOf: (memberId: string) => WeekSlots;
  unplace: (memberId: string) => void;
  restore: (placement: Placement) => void;
}

/** Taking a lesson out is always undoable for a while (a mistaken tap or click costs nothing). */
export function useUndoRemoval({ plan, placementById, byId, nameOf, weekOf, unplace, restore }: Options) {
  const [undo, setUndo] = useState<{ placement: Placement; name: string } | null>(null);

  const removeLesson = useCallback(
    (memberId: string) => {
      const placement = placementById.get(memberId);
      unplace(memberId);
      if (placement) setUndo({ placement, name: byId.get(memberId)?.name ?? nameOf(memberId) });
    },
    [placementById, byId, unplace, nameOf],
  );
  const undoRemoval = () => {
    if (!undo) return;
    const { placement } = undo;
    setUndo(null);
    const verdict = evaluateDrop(
      plan,
      placement.memberId,
      placement.day,
      placement.start,
      placement.end - placement.start,
      weekOf(placement.memberId),
      placement.week,
    );
    if (verdict.kind === 'occupied') toast.error(PLANNER_TEXTS.occupied(nameOf(verdict.by)));
    else restore(placement);
  };
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  return { undo, removeLesson, undoRemoval, dismiss: () => setUndo(null) };
}
