// What the student may edit on /student (docs/product/times.md): the union of their teachers' ranges, already
// padded by STUDENT_WINDOW_PADDING slots per side by the server (GET me/teachers-time-ranges).
import { DAYS, DEFAULT_VISIBLE_RANGE, WeekSlots } from '@stundenplan/timegrid';
import type { TeachersTimeRanges } from '../../shared/data/student-times';
import { extentOf, unionRange, type SlotRange } from './grid/grid-model';

export type { TeachersTimeRanges };

export interface StudentWindow {
  hasRange: boolean;
  /** Editable slots (all of them when no teacher has set a range). */
  enabled: WeekSlots;
  /** Days without any range (none when no range is set). */
  hiddenDays: number[];
  /** Rows to show: the window's extent, or DEFAULT_VISIBLE_RANGE without a range. */
  range: SlotRange;
}

export function studentWindow(answer: TeachersTimeRanges | undefined): StudentWindow {
  const ranges = WeekSlots.fromTimesMap(answer?.time_ranges ?? {}, { strict: false });
  const hasRange = answer?.has_range !== false && !ranges.isEmpty();
  if (!hasRange) {
    return { hasRange: false, enabled: WeekSlots.full(), hiddenDays: [], range: { start: DEFAULT_VISIBLE_RANGE.start, end: DEFAULT_VISIBLE_RANGE.end } };
  }
  const hiddenDays: number[] = [];
  for (let day = 0; day < DAYS; day++) if (ranges.countDay(day) === 0) hiddenDays.push(day);
  return { hasRange: true, enabled: ranges, hiddenDays, range: extentOf(ranges)! };
}

/**
 * Rows to show for a student: without a range the chosen view (default 8:00-19:00) widened to the
 * stored times, so nothing already entered is out of sight; with a range exactly its extent.
 */
export function studentRows(window: StudentWindow, stored: WeekSlots, chosen: SlotRange): SlotRange {
  if (window.hasRange) return window.range;
  return unionRange(chosen, extentOf(stored)) ?? chosen;
}
