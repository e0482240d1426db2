import { DAY_NAMES, SLOTS_PER_DAY, slotToClock } from '@stundenplan/timegrid';

/** "Montag 09:00–09:30 Uhr" for a lesson of `length` slots (clamped to the day). */
export function describeSpan(day: number, start: number, length: number): string {
  const from = Math.max(0, Math.min(SLOTS_PER_DAY - 1, start));
  const to = Math.max(from + 1, Math.min(SLOTS_PER_DAY, start + length));
  return `${DAY_NAMES[day] ?? ''} ${slotToClock(from)}–${slotToClock(to)} Uhr`;
}
