import { useCallback, useState } from 'react';
import type { ScheduleSummary } from '../model/types';
import type { PlanState } from './use-plan-state';

/**
 * Stable re-planning ('Möglichst wenige Änderungen'): on by default whenever a saved plan is the reference; the
 * switch and the reference's name.
 */
export function useStableReplan(state: PlanState, schedules: readonly ScheduleSummary[] | undefined) {
  const baseId = state.base?.id ?? null;
  // Derived, not reset by an effect: a click right after a plan loaded could otherwise be undone by the late reset.
  const [stableOffFor, setStableOffFor] = useState<string | null>(null);
  const stable = stableOffFor !== baseId;
  const setStable = useCallback((on: boolean) => setStableOffFor(on ? null : baseId), [baseId]);
  const baseName = baseId ? (schedules?.find((s) => s.id === baseId)?.name ?? (state.current.id === baseId ? state.current.name : null) ?? '') : null;
  return { baseId, stable, setStable, baseName };
}
