import { dayName, slotClock } from '@stundenplan/timegrid';
import type { LastSending } from '../data/sending-repository.js';
import { roomText, type Lesson } from './calendar-ics.js';

/**
 * A student's own lessons in a sent plan (docs/product/documents.md "Sending schedules"): as the mails name
 * them, and whether they changed since the last sending (recipients=changed).
 */

/**
 * One weekly lesson as the mails say it: 'Dienstag, 15:00–15:45', every other week with its week ('(14-täglich,
 * A-Woche)'), with a room after a dash ('Dienstag, 15:00–15:45 – Raum 1.01, Hauptstelle').
 */
export function lessonText(l: Lesson): string {
  const when = `${dayName(l.day)}, ${slotClock(l.start)}–${slotClock(l.end)}`;
  const timed = l.week ? `${when} (14-täglich, ${l.week}-Woche)` : when;
  return l.room ? `${timed} – ${roomText(l.room)}` : timed;
}

/** Lessons in week order: day, then time, A before B. */
export const inWeekOrder = (lessons: readonly Lesson[]): Lesson[] =>
  [...lessons].sort((a, b) => a.day - b.day || a.start - b.start || (a.week ?? '').localeCompare(b.week ?? ''));

/** The student's own place in the plan (docs/product/documents.md "Sending schedules"); `teacher`: who gets in touch. */
export function ownLessonsText(lessons: readonly Lesson[], teacher: string): string[] {
  if (!lessons.length) return [`Für dich wurde in diesem Plan noch kein Termin gefunden. ${teacher} meldet sich bei dir.`];
  const sorted = inWeekOrder(lessons);
  if (sorted.length === 1) return [`Deine Stunde: ${lessonText(sorted[0]!)}`];
  return ['Deine Stunden:', ...sorted.map((l) => `- ${lessonText(l)}`)];
}

/** The students' courses page ('Meine Kurse', docs/product/screens.md) as an absolute link. */
export const coursesLink = (publicBaseUrl: string): string => `${publicBaseUrl.replace(/\/+$/, '')}/student/classes`;

/**
 * A member's lessons in a form that compares equal when the lessons are the same. The room is left out: the send
 * dialog's preview (send-preview.ts) gets the lessons without their rooms and must count as the sending does
 * (docs/adr/0035-room-in-sent-plans.md).
 */
const lessonsKey = (lessons: readonly Lesson[] | undefined): string =>
  JSON.stringify(inWeekOrder(lessons ?? []).map((l) => [l.day, l.start, l.end, l.week ?? null]));

/**
 * The members whose lessons differ from the last sending's (docs/product/documents.md "Sending schedules"), and
 * those the last sending did not tell (added since, or left out then): all of them when nothing was sent with its
 * lessons yet. `lessons`: the plan to send, per member.
 */
export function changedMembers(memberIds: readonly string[], lessons: Record<string, Lesson[]>, last: LastSending | null): Set<string> {
  if (!last) return new Set(memberIds);
  return new Set(memberIds.filter((id) => (last.informed ? !last.informed.includes(id) : false) || lessonsKey(lessons[id]) !== lessonsKey(last.lessons[id])));
}
