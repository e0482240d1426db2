import { useId } from 'react';
import { Select, Tooltip } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';

/** docs/product/limits.md: 0 to 5 on the teacher scheduling page, default 3. */
export const WIGGLE_OPTIONS = [0, 1, 2, 3, 4, 5];
export const DEFAULT_WIGGLE_ROOM = 3;

export function WiggleRoomControl({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="planner-wiggle">
      <div className="planner-wiggle__head">
        <label className="field__label" htmlFor={id}>
          {PLANNER_TEXTS.wiggle}
        </label>
        <Tooltip content={PLANNER_TEXTS.wiggleInfo} placement="bottom">
          <button type="button" className="planner-info" aria-label={`Info: ${PLANNER_TEXTS.wiggle}`}>
            i
          </button>
        </Tooltip>
      </div>
      <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))} options={WIGGLE_OPTIONS.map((n) => ({ value: n, label: String(n) }))} />
    </div>
  );
}
