import { lessonOccurrences, type LessonOccurrence, type LessonWeek } from '@stundenplan/timegrid';
import type { ClassSemester, MemberFrequency } from '../clients/classes-client.js';
import type { SentLessons } from '../data/sending-repository.js';
import type { Lesson, LessonRoom } from './calendar-ics.js';

/**
 * The dated lessons of the plan last sent (docs/product/semester.md): with a semester every lesson from its
 * first to its last day, a public holiday of its state or a day of a break marked as such; without one the
 * weekly series that was sent (from the sending day to its end date), every date planned.
 */

/** A date's status: planned, falling out (holiday, break), or changed during the semester. */
export type DatedStatus = LessonOccurrence['status'] | 'cancelled' | 'makeup' | 'swapped';

export interface DatedLesson extends Omit<LessonOccurrence, 'status'> {
  status: DatedStatus;
  member_id: string;
  name: string;
  /** 'A' or 'B' for a biweekly lesson (it is dated in those weeks only); null for a weekly one. */
  week: LessonWeek | null;
  /** The room of the plan's lesson (classes of a school); absent: none (the key is left out). */
  room?: LessonRoom;
}

/** The room key of a dated lesson: present only with a room. */
export const roomOf = (room: LessonRoom | null | undefined): { room?: LessonRoom } => (room ? { room } : {});

/**
 * A member's sent lessons as their current frequency says (docs/product/semester.md): a biweekly member's lesson that
 * has no week yet (the plan was sent while they were weekly) takes its place in A weeks, and a weekly member's
 * lesson with a week (sent while they were biweekly) is every week again, until the teacher moves it or plans
 * anew. Unknown frequency: as sent.
 */
export function followFrequency(lessons: Lesson[], frequency: MemberFrequency | undefined): Lesson[] {
  if (frequency === 'biweekly') return lessons.map((l) => (l.week ? l : { ...l, week: 'A' }));
  if (frequency === 'weekly') return lessons.map((l) => (l.week ? { ...l, week: null } : l));
  return lessons;
}

/** The span and the dates falling out that the calendar and the lists share. */
export function seriesOf(sent: SentLessons, semester: ClassSemester | undefined) {
  return semester
    ? { from: semester.firstDay, until: semester.lastDay, holidays: semester.holidays, breaks: semester.breaks }
    : { from: sent.from, until: sent.until };
}

export function dated(memberId: string, name: string, lessons: Lesson[], sent: SentLessons, semester: ClassSemester | undefined): DatedLesson[] {
  const s = seriesOf(sent, semester);
  const span = { firstDay: s.from, lastDay: s.until, holidays: s.holidays, breaks: s.breaks };
  return lessons.flatMap((l) => lessonOccurrences(l, span).map((o) => ({ member_id: memberId, name, ...o, week: l.week ?? null, ...roomOf(l.room) })));
}

/** 13.01.2027 */
export const de = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
