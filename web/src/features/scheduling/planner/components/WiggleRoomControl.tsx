import { useId } from 'react';
import { Select } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';
import { InfoHead } from './InfoHead';

/** docs/product/limits.md: 0 to 5 on the teacher scheduling page, default 3. */
export const WIGGLE_OPTIONS = [0, 1, 2, 3, 4, 5];
export const DEFAULT_WIGGLE_ROOM = 3;

export function WiggleRoomControl({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="planner-wiggle">
      <InfoHead name={PLANNER_TEXTS.wiggle} info={PLANNER_TEXTS.wiggleInfo}>
        <label className="field__label" htmlFor={id}>
          {PLANNER_TEXTS.wiggle}
        </label>
      </InfoHead>
      <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))} options={WIGGLE_OPTIONS.map((n) => ({ value: n, label: String(n) }))} />
    </div>
  );
}
