import { useId } from 'react';
import { PLANNER_TEXTS } from '../model/texts';

/** 'Möglichst wenige Änderungen': the calculation stays close to the loaded saved plan (previous_schedule_id). */
export function StableSwitch({ checked, onChange, baseName }: { checked: boolean; onChange: (on: boolean) => void; baseName: string }) {
  const hint = useId();
  return (
    <div className="planner-stable">
      <label className="planner-stable__label">
        <input type="checkbox" role="switch" checked={checked} aria-checked={checked} aria-describedby={hint} onChange={(e) => onChange(e.target.checked)} />
        <span className="planner-stable__track" aria-hidden="true" />
        {PLANNER_TEXTS.stable}
      </label>
      <p id={hint} className="planner-stable__hint">
        {PLANNER_TEXTS.stableInfo(baseName)}
      </p>
    </div>
  );
}
