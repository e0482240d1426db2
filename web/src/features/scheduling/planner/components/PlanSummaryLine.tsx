import type { PlanMarks } from '../hooks/use-plan-marks';
import { PLANNER_TEXTS } from '../model/texts';

/** Above the grid: how many lessons lie in preferred times, the gap minutes between lessons and, after a stable re-planning, how many moved. */
export function PlanSummaryLine({ marks, baseName }: { marks: PlanMarks; baseName: string | null }) {
  const showPreferred = marks.showPreferred && marks.placed > 0;
  if (!showPreferred && marks.movedCount === null) return null;
  return (
    <p className="plan-summary" role="status" data-testid="plan-summary">
      {showPreferred && (
        <span className="plan-summary__item" data-testid="preferred-count">
          <span className="plan-summary__icon plan-summary__icon--preferred" aria-hidden="true">
            ★
          </span>
          {PLANNER_TEXTS.preferredCount(marks.preferredPlaced, marks.placed)}
        </span>
      )}
      {showPreferred && (
        <span className="plan-summary__item" data-testid="gap-minutes" title={PLANNER_TEXTS.gapTitle}>
          <span className="plan-summary__icon plan-summary__icon--gap" aria-hidden="true">
            ↔
          </span>
          {PLANNER_TEXTS.gapMinutes(marks.gapMinutes, marks.twoWeeks)}
        </span>
      )}
      {marks.movedCount !== null && (
        <span className="plan-summary__item" data-testid="moved-count" title={baseName ? PLANNER_TEXTS.movedAgainst(baseName) : undefined}>
          <span className="plan-summary__icon plan-summary__icon--moved" aria-hidden="true">
            ⇄
          </span>
          {PLANNER_TEXTS.movedCount(marks.movedCount)}
          {baseName && <span className="plan-summary__detail"> {PLANNER_TEXTS.movedAgainst(baseName)}</span>}
        </span>
      )}
    </p>
  );
}
