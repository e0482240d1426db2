// The 'Zeit-Anzeige eingrenzen' picker (docs/product/times.md "Planner": time range slider): values 0..95 in
// 15-minute steps, start below end; defaults 32 (8.00) and 76 (19.00).
import { DEFAULT_VISIBLE_RANGE, SLOTS_PER_DAY, slotToClock } from '@stundenplan/timegrid';
import type { SlotRange } from './grid-model';

export interface RangeOption {
  value: number;
  label: string;
  disabled: boolean;
}

/** Every value of the picker: 0..95. */
export const RANGE_VALUES: readonly number[] = Object.freeze(Array.from({ length: SLOTS_PER_DAY }, (_, i) => i));

export function defaultVisibleRange(): SlotRange {
  return { start: DEFAULT_VISIBLE_RANGE.start, end: DEFAULT_VISIBLE_RANGE.end };
}

/** 'Von' list: values at or above the end are disabled. */
export function startOptions(end: number): RangeOption[] {
  return RANGE_VALUES.map((value) => ({ value, label: slotToClock(value), disabled: value >= end }));
}

/** 'Bis' list: values at or below the start are disabled. */
export function endOptions(start: number): RangeOption[] {
  return RANGE_VALUES.map((value) => ({ value, label: slotToClock(value), disabled: value <= start }));
}

/** Applies a new start; ignored when it would not stay below the end or is out of 0..95. */
export function withStart(range: SlotRange, start: number): SlotRange {
  if (!Number.isInteger(start) || start < 0 || start >= SLOTS_PER_DAY || start >= range.end) return range;
  return { start, end: range.end };
}

/** Applies a new end; ignored when it would not stay above the start or is out of 0..95. */
export function withEnd(range: SlotRange, end: number): SlotRange {
  if (!Number.isInteger(end) || end < 0 || end >= SLOTS_PER_DAY || end <= range.start) return range;
  return { start: range.start, end };
}
