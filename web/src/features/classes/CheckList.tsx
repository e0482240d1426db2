// A group of checkboxes (sites, equipment tags) with a legend and a hint: the chosen values in the given order.
import { useId } from 'react';

export interface CheckOption {
  value: string;
  label: string;
}

interface CheckListProps {
  legend: string;
  hint?: string;
  options: CheckOption[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  disabled?: boolean;
}

export function CheckList({ legend, hint, options, chosen, onChange, disabled }: CheckListProps) {
  const hintId = useId();
  const toggle = (value: string, on: boolean) => onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <fieldset className="check-list" aria-describedby={hint ? hintId : undefined} disabled={disabled}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="check-list__options">
        {options.map((o) => (
          <label key={o.value} className="check-list__option">
            <input type="checkbox" checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The equipment as options: the school's vocabulary with its German labels, then tags chosen but not listed (as written). */
export function equipmentOptions(equipment: { tag: string; label: string }[], chosen: readonly string[]): CheckOption[] {
  const listed = equipment.map((e) => ({ value: e.tag, label: e.label }));
  const extra = chosen.filter((t) => !equipment.some((e) => e.tag === t)).map((t) => ({ value: t, label: t }));
  return [...listed, ...extra];
}
