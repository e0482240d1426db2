import { isAppError } from '@stundenplan/base';
import type { PersonalNotificationRows } from '../data/personal-data-repository.js';
import type { DatedLesson } from './dated-lesson.js';
import { classLessons, myLessons } from './dated-lessons.js';
import type { NotificationDeps } from './deps.js';

export interface PersonalNotificationReader {
  rowsOf(userId: string, email: string, memberIds: string[]): Promise<PersonalNotificationRows>;
}

export interface PersonalDataSubject {
  userId: string;
  email: string;
  role: 'teacher' | 'student';
  /** The person's memberships, as the classes service named them. */
  memberIds: string[];
}

const iso = (d: Date) => d.toISOString();

/** One dated lesson as the copy of a person's data lists it. */
const exportedLesson = (classId: string, className: string | null, l: DatedLesson) => ({
  class_id: classId,
  class_name: className,
  name: l.name,
  date: l.date,
  start: l.start,
  end: l.end,
  week: l.week,
  status: l.status,
});

/** A teacher's dated lessons of every class they sent a plan to (a class deleted since is left out). */
async function teacherLessons(deps: NotificationDeps, teacherId: string, classIds: string[]) {
  const out = [];
  for (const classId of classIds) {
    try {
      const { lessons } = await classLessons(deps, teacherId, classId);
      out.push(...lessons.map((l) => exportedLesson(classId, null, l)));
    } catch (e) {
      if (!isAppError(e) || (e.code !== 'NOT_FOUND' && e.code !== 'FORBIDDEN')) throw e;
    }
  }
  return out;
}

/**
 * The notification service's part of a person's copy of their data (packages/contracts privacy.ts
 * exportNotification): dated lessons (a student's own; a teacher's classes'), the mails sent to them
 * (subject and dates), the calendar link (made when, never the token), their contact messages and a
 * teacher's schedule sendings, cancellations, make-ups and swaps (a swap without the other student).
 */
export async function personalNotificationData(deps: NotificationDeps, reader: PersonalNotificationReader, who: PersonalDataSubject) {
  const rows = await reader.rowsOf(who.userId, who.email, who.memberIds);
  const lessons =
    who.role === 'student'
      ? (await myLessons(deps, who.userId)).lessons.map((l) => exportedLesson(l.class_id, l.class_name, l))
      : await teacherLessons(deps, who.userId, [...new Set(rows.sendings.map((s) => s.class_id))]);
  return {
    lessons,
    mails: rows.mails.map((m) => ({ subject: m.subject, created_at: iso(m.created_at), sent_at: m.sent_at ? iso(m.sent_at) : null, status: m.status })),
    calendar_subscription: rows.calendar ? { created_at: iso(rows.calendar.created_at) } : null,
    contact_messages: rows.contacts.map((c) => ({ type: c.type, subject: c.subject, message: c.message, created_at: iso(c.created_at) })),
    schedule_sendings: rows.sendings.map((s) => ({
      class_id: s.class_id,
      schedule_name: s.schedule_name,
      recipient_count: s.recipient_count,
      created_at: iso(s.created_at),
    })),
    cancellations: rows.cancellations.map((c) => ({ ...c, created_at: iso(c.created_at) })),
    makeups: rows.makeups.map((m) => ({ ...m, booked_at: m.booked_at ? iso(m.booked_at) : null })),
    swaps: rows.swaps.map((w) => ({ ...w, created_at: iso(w.created_at), decided_at: w.decided_at ? iso(w.decided_at) : null })),
  };
}
