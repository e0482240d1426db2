import { AppError } from '@stundenplan/base';
import { DAY_NAMES, SLOT_LABELS, STUDENT_WINDOW_PADDING, WeekSlots } from '@stundenplan/timegrid';

/** Where a student may enter times: the padded union of their classes' ranges (docs/product/times.md). */
export interface StudentWindow {
  /** False when none of the student's classes has a range: every day is open. */
  hasRange: boolean;
  /** The allowed slots; the full week when `hasRange` is false. */
  slots: WeekSlots;
  /** The padded union itself; empty when `hasRange` is false (what GET teachers-time-ranges shows). */
  ranges: WeekSlots;
}

const OUTSIDE_WINDOW = (day: number, slot: number): string =>
  `Die Zeit ${DAY_NAMES[day]} ${SLOT_LABELS[slot]} liegt außerhalb des von deinen Lehrkräften freigegebenen Zeitraums.`;

/** Union of the ranges that exist, each slot padded by STUDENT_WINDOW_PADDING within its day. */
export function studentWindow(ranges: WeekSlots[]): StudentWindow {
  const union = ranges.reduce((acc, r) => acc.union(r), WeekSlots.empty());
  if (union.isEmpty()) return { hasRange: false, slots: WeekSlots.full(), ranges: WeekSlots.empty() };
  const padded = union.pad(STUDENT_WINDOW_PADDING);
  return { hasRange: true, slots: padded, ranges: padded };
}

/**
 * Refuses times outside the window, naming the first offending day and time. Slots the student
 * had already stored stay allowed: a teacher narrowing a range must not lock a student out of
 * saving the rest of their week (the page cannot even show those slots to remove them).
 */
export function assertInsideWindow(times: WeekSlots, window: StudentWindow, alreadyStored: WeekSlots): void {
  const outside = times.difference(window.slots).difference(alreadyStored);
  if (outside.isEmpty()) return;
  // Not empty: it has a first day, and that day a first slot.
  const day = outside.daysWithSlots()[0]!;
  throw AppError.badRequest(OUTSIDE_WINDOW(day, outside.slots(day)[0]!));
}
