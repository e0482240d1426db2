import { SLOTS_PER_DAY, slotToClock } from '@stundenplan/timegrid';
import { useId } from 'react';
import { Button, Select } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';
import type { RangeValue } from '../model/planner-ui';

/** docs/product/planning.md: 0..95 in 15-minute steps; start stays below end. */
export const RANGE_MAX = SLOTS_PER_DAY - 1;

export type { RangeValue } from '../model/planner-ui';

interface Props {
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  /** Rows shrink so the whole range fits the screen. */
  compact: boolean;
  onCompactChange: (compact: boolean) => void;
}

const OPTIONS = Array.from({ length: RANGE_MAX + 1 }, (_, slot) => slot);

/**
 * 'Zeit-Anzeige eingrenzen': a two-thumb slider plus the Von and Bis selects. The Bis list disables
 * values at or below the start, the Von list values at or above the end. An empty select means no
 * range is chosen.
 */
export function TimeRangeControl({ value, onChange, compact, onCompactChange }: Props) {
  const legendId = useId();
  const { start, end } = value;
  const sliderStart = start ?? 0;
  const sliderEnd = end ?? RANGE_MAX;
  const pct = (slot: number) => `${(slot / RANGE_MAX) * 100}%`;
  return (
    <fieldset className="planner-range" aria-labelledby={legendId}>
      <legend id={legendId} className="planner-section__title">
        {PLANNER_TEXTS.rangeLegend}
      </legend>
      <div className="planner-range__slider" style={{ ['--from' as string]: pct(sliderStart), ['--to' as string]: pct(sliderEnd) }}>
        <input
          type="range"
          min={0}
          max={RANGE_MAX}
          step={1}
          value={sliderStart}
          aria-label="Beginn der Zeit-Anzeige"
          aria-valuetext={slotToClock(sliderStart)}
          onChange={(e) => onChange({ start: Math.min(Number(e.target.value), sliderEnd - 1), end: end ?? sliderEnd })}
        />
        <input
          type="range"
          min={0}
          max={RANGE_MAX}
          step={1}
          value={sliderEnd}
          aria-label="Ende der Zeit-Anzeige"
          aria-valuetext={slotToClock(sliderEnd)}
          onChange={(e) => onChange({ start: start ?? sliderStart, end: Math.max(Number(e.target.value), sliderStart + 1) })}
        />
      </div>
      <div className="planner-range__selects">
        <Select
          label={PLANNER_TEXTS.from}
          value={start ?? ''}
          placeholder="--:--"
          onChange={(e) => onChange({ start: e.target.value === '' ? null : Number(e.target.value), end })}
          options={OPTIONS.map((slot) => ({ value: slot, label: slotToClock(slot), disabled: end !== null && slot >= end }))}
        />
        <Select
          label={PLANNER_TEXTS.to}
          value={end ?? ''}
          placeholder="--:--"
          onChange={(e) => onChange({ start, end: e.target.value === '' ? null : Number(e.target.value) })}
          options={OPTIONS.map((slot) => ({ value: slot, label: slotToClock(slot), disabled: start !== null && slot <= start }))}
        />
      </div>
      <div className="planner-range__view">
        <label className="planner-range__compact">
          <input type="checkbox" checked={compact} onChange={(e) => onCompactChange(e.target.checked)} />
          {PLANNER_TEXTS.compact}
        </label>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            onChange({ start: 0, end: RANGE_MAX });
            onCompactChange(true);
          }}
        >
          {PLANNER_TEXTS.wholeDay}
        </Button>
      </div>
    </fieldset>
  );
}
