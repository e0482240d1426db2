import type { SessionUser } from '@stundenplan/base';
import type { Lesson } from './calendar-ics.js';
import { followFrequency } from './dated-lesson.js';
import type { NotificationDeps } from './deps.js';
import { changedMembers } from './own-lessons.js';
import { recipientsOf } from './send-schedule.js';

/** POST /api/classes/{classId}/send-preview: the lessons the dialog would send, per member. */
export interface PreviewLesson {
  member_id: string;
  day: number;
  start: number;
  end: number;
  week?: 'A' | 'B' | null;
}

/**
 * The send dialog's counts (docs/product/documents.md "Sending schedules"): how many students a sending of
 * `lessons` mails with recipients=all and with recipients=changed, by the same rule as the sending.
 */
export async function sendPreview(deps: NotificationDeps, user: SessionUser, classId: string, lessons: PreviewLesson[]) {
  const cls = await deps.classes.getClass(classId, user.userId);
  const members = await deps.classes.listMembers(cls.classId, user.userId);
  const everyone = recipientsOf(members);
  const frequencies = new Map(members.map((m) => [m.memberId, m.frequency]));
  const plan: Record<string, Lesson[]> = {};
  for (const l of lessons) (plan[l.member_id] ??= []).push({ day: l.day, start: l.start, end: l.end, ...(l.week ? { week: l.week } : {}) });
  for (const [id, ls] of Object.entries(plan)) plan[id] = followFrequency(ls, frequencies.get(id));
  const last = await deps.sendings.lastSending(cls.classId);
  const changed = changedMembers(
    everyone.map((r) => r.memberId),
    plan,
    last,
  );
  return { all: everyone.length, changed: everyone.filter((r) => changed.has(r.memberId)).length, sent_before: last !== null };
}
