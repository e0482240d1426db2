// The frequency of a member's lessons (docs/product/classes.md 14-day lessons): 'wöchentlich' or '14-täglich'.
import type { MemberFrequency } from './classes-api';
import { MEMBER_MESSAGES as M } from './messages';

export const FREQUENCIES: readonly MemberFrequency[] = ['weekly', 'biweekly'];

/** A compact select for the member table; `label` is its accessible name. */
export function FrequencySelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: MemberFrequency | undefined;
  onChange: (next: MemberFrequency) => void;
  disabled?: boolean;
}) {
  return (
    <select
      className="control control--select members__frequency"
      aria-label={label}
      value={value ?? 'weekly'}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as MemberFrequency)}
    >
      {FREQUENCIES.map((f) => (
        <option key={f} value={f}>
          {M.frequency[f]}
        </option>
      ))}
    </select>
  );
}
