import { useId } from 'react';
import { GAP_MINUTE_OPTIONS, type PlanPriority, type PriorityOrder } from '../model/planner-ui';
import { PLANNER_TEXTS } from '../model/texts';
import { InfoHead } from './InfoHead';

const ORDERS: { order: PriorityOrder; label: string }[] = [
  { order: 'preferred_first', label: PLANNER_TEXTS.priorityPreferred },
  { order: 'compact_first', label: PLANNER_TEXTS.priorityCompact },
];

/**
 * 'Was zählt mehr?' (docs/product/planning.md "Calculation"): preferred times or compact days first, or a
 * trade-off 'höchstens … Minuten Lücke mehr pro erfüllter Wunschzeit'. Sent with the next calculation.
 */
export function PriorityChoice({ value, onChange }: { value: PlanPriority; onChange: (value: PlanPriority) => void }) {
  const name = useId();
  const gapId = useId();
  const labelId = useId();
  const choose = (order: PriorityOrder) => onChange({ ...value, order });
  return (
    <div className="planner-priority" role="radiogroup" aria-labelledby={labelId} data-testid="priority-choice">
      <InfoHead name={PLANNER_TEXTS.priority} info={PLANNER_TEXTS.priorityInfo}>
        <span className="field__label" id={labelId}>
          {PLANNER_TEXTS.priority}
        </span>
      </InfoHead>
      {ORDERS.map((o) => (
        <label key={o.order} className="planner-priority__option">
          <input type="radio" name={name} checked={value.order === o.order} onChange={() => choose(o.order)} />
          {o.label}
        </label>
      ))}
      <div className="planner-priority__option planner-priority__option--weighted">
        <label className="planner-priority__radio">
          <input type="radio" name={name} checked={value.order === 'weighted'} onChange={() => choose('weighted')} />
          {PLANNER_TEXTS.priorityWeighted}:
        </label>
        <span className="planner-priority__limit">
          {PLANNER_TEXTS.priorityWeightedBefore}{' '}
          <span className="select-wrap planner-priority__select">
            <select
              id={gapId}
              className="control control--select planner-priority__minutes"
              aria-label={PLANNER_TEXTS.priorityGapLabel}
              value={value.gapMinutes}
              onChange={(e) => onChange({ order: 'weighted', gapMinutes: Number(e.target.value) })}
            >
              {GAP_MINUTE_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </span>{' '}
          {PLANNER_TEXTS.priorityWeightedAfter}
        </span>
      </div>
    </div>
  );
}
