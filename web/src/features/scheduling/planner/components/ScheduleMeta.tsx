import { useState } from 'react';
import { Input } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';

/**
 * Name and description of the current plan. docs/product/planning.md: saving is also triggered by blur of the
 * name or description field when they changed (for a plan that is already saved).
 * Render it with a key of name and description so the drafts restart when the plan changes.
 */
export function ScheduleMeta({
  name,
  description,
  saved,
  onCommit,
}: {
  name: string | null;
  description: string | null;
  saved: boolean;
  onCommit: (name: string, description: string) => void;
}) {
  const [draftName, setDraftName] = useState(name ?? '');
  const [draftDescription, setDraftDescription] = useState(description ?? '');
  const commit = () => onCommit(draftName, draftDescription);
  return (
    <div className="schedule-meta">
      <p className="planner-section__title">{PLANNER_TEXTS.currentPlan}</p>
      <Input
        label={PLANNER_TEXTS.scheduleName}
        value={draftName}
        placeholder={PLANNER_TEXTS.unsavedPlan}
        onChange={(e) => setDraftName(e.target.value)}
        onBlur={commit}
        title={saved ? undefined : PLANNER_TEXTS.unsavedPlan}
      />
      <Input label={PLANNER_TEXTS.scheduleDescription} value={draftDescription} onChange={(e) => setDraftDescription(e.target.value)} onBlur={commit} />
    </div>
  );
}
