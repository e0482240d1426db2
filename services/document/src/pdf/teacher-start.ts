/**
 * The teacher's first time in the PDF: a teacher who starts at 13:15 gets a timetable from 13:00, not from the
 * planner's 08:00. The planner sends the first slot of the teacher's times on any day (`teacherStart`); the rows then
 * start at its full hour, never after the first shown lesson's full hour (no lesson the range showed is cut), and end
 * where the range sent ends.
 */
import { AppError } from '@stundenplan/base';
import { SLOTS_PER_DAY } from '@stundenplan/timegrid';

export const TEACHER_START_INVALID = `Ungültiger Beginn der Lehrkraft-Zeiten: Eine ganze Zahl von 0 bis ${SLOTS_PER_DAY - 1} wird erwartet.`;

const SLOTS_PER_HOUR = 4;
const fullHour = (slot: number) => slot - (slot % SLOTS_PER_HOUR);

/** The optional first slot of the teacher's times: 0..95; absent or null: none. */
export function parseTeacherStart(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw >= SLOTS_PER_DAY) throw AppError.badRequest(TEACHER_START_INVALID);
  return raw;
}

/** Slots of a day, start inclusive, end exclusive (the request's time range and its lessons). */
interface SlotSpan {
  start: number;
  end: number;
}

/** The rows the PDF shows: the range as sent, or from the teacher's first full hour as above. */
export function shownRange(req: { timeRange: SlotSpan; lessons: readonly SlotSpan[]; teacherStart?: number | undefined }): SlotSpan {
  const { timeRange, lessons, teacherStart } = req;
  if (teacherStart === undefined) return timeRange;
  const shown = lessons.filter((l) => l.end > timeRange.start && l.start < timeRange.end);
  const start = Math.min(fullHour(teacherStart), ...shown.map((l) => fullHour(Math.max(l.start, timeRange.start))));
  return start < timeRange.end ? { start, end: timeRange.end } : timeRange;
}
