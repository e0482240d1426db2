// Optional seam for step 4: the planner may register how its unsaved schedule is saved, so the
// unsaved-changes modal's 'Speichern und fortfahren' can persist it before leaving. Without a
// registration that button is disabled while only the planner has unsaved changes.
import { createContext, useContext, useEffect } from 'react';

export type PlannerSaveHandler = () => Promise<boolean>;

export const PlannerSaveContext = createContext<((handler: PlannerSaveHandler | null) => void) | null>(null);

/** Registers (and on unmount removes) the planner's save for the unsaved-changes modal. */
export function useRegisterPlannerSave(handler: PlannerSaveHandler | null): void {
  const register = useContext(PlannerSaveContext);
  useEffect(() => {
    if (!register) return;
    register(handler);
    return () => register(null);
  }, [register, handler]);
}
