import { useMemo } from 'react';
import { pinnedForCalculation } from '../model/placements';
import type { PlanPriority } from '../model/planner-ui';
import type { PlannerMember, TimeSource } from '../model/types';
import { useCalculation } from './use-calculation';
import type { PlanActions, PlanState } from './use-plan-state';

interface Deps {
  classId: string;
  members: readonly PlannerMember[];
  state: PlanState;
  actions: PlanActions;
  prefs: Record<string, TimeSource>;
  wiggle: number;
  /** What counts more: sent only when it is not the default ('Wunschzeiten zuerst'). */
  priority: PlanPriority;
  /** Stay close to this saved schedule (stable re-planning), or null. */
  previousId: string | null;
}

/** 'Stundenplan berechnen' with the planner's settings and locked lessons; the best partial plan of a refusal can be taken. */
export function usePlanCalculation({ classId, members, state, actions, prefs, wiggle, priority, previousId }: Deps) {
  const calc = useCalculation(classId, (outcome, body) =>
    actions.calculated(outcome.plan, outcome.name, outcome.notAssigned, outcome.reasons, {
      summary: outcome.summary,
      stable: Boolean(body.previous_schedule_id),
      fixes: outcome.fixes,
    }),
  );
  const memberIds = useMemo(() => new Set(members.map((m) => m.member_id)), [members]);
  const run = () => {
    const pinned = pinnedForCalculation(state.plan.placements, memberIds);
    void calc.run(
      {
        wiggleRoom: wiggle,
        selectedClass: classId,
        timePreferences: prefs,
        ...(pinned.length ? { pinned } : {}),
        ...(previousId ? { previous_schedule_id: previousId } : {}),
        ...(priority.order === 'preferred_first' ? {} : { priority: priority.order }),
        ...(priority.order === 'weighted' ? { gap_minutes_per_preferred: priority.gapMinutes } : {}),
      },
      members,
    );
  };
  const takeBest = () => {
    const best = calc.error?.bestPlan;
    if (best) actions.calculated(best.plan, best.name, best.notAssigned, best.reasons, { summary: best.summary, fixes: best.fixes });
    calc.closeError();
  };
  return { ...calc, run, takeBest };
}
