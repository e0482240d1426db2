import { Select } from '../../../shared/ui/Select';
import type { SlotRange } from './grid-model';
import { endOptions, startOptions, withEnd, withStart } from './visible-range';
import './week-grid.css';

export interface VisibleRangePickerProps {
  value: SlotRange;
  onChange: (next: SlotRange) => void;
  className?: string;
}

/**
 * 'Zeit-Anzeige eingrenzen' with the selects Von and Bis (docs/product/planning.md, docs/product/times.md): 0..95 in quarter hours,
 * the Bis list disables values at or below Von, the Von list values at or above Bis.
 * Bis is the end boundary: 76 (19.00) shows the rows up to 18.45.
 */
export function VisibleRangePicker({ value, onChange, className }: VisibleRangePickerProps) {
  return (
    <fieldset className={['range-picker', className].filter(Boolean).join(' ')}>
      <legend className="range-picker__legend">Zeit-Anzeige eingrenzen</legend>
      <div className="range-picker__row">
        <Select label="Von" value={value.start} options={startOptions(value.end)} onChange={(e) => onChange(withStart(value, Number(e.target.value)))} />
        <Select label="Bis" value={value.end} options={endOptions(value.start)} onChange={(e) => onChange(withEnd(value, Number(e.target.value)))} />
      </div>
    </fieldset>
  );
}
