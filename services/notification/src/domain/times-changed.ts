import type { TimesChangedPayload } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';
import type { Lesson } from './calendar-ics.js';
import { followFrequency } from './dated-lesson.js';
import type { NotificationDeps } from './deps.js';
import { mail } from './makeups.js';
import { coursesLink, inWeekOrder, lessonText } from './own-lessons.js';

/**
 * A student changed their own times after a plan of theirs was sent (times.changed.v1 of kind 'user', docs/product/
 * documents.md "Times changed after sending"): per class whose last sent plan gives them a lesson, the teacher gets
 * one mail (what changed, which lessons no longer fit), and the student one mail naming the lessons that no longer
 * fit their times, when there are any. At most one of each per class, student and Berlin day (stored: restarts and
 * replicas send no second one); a member who has not confirmed the course is left out (the teacher does not see
 * their own times).
 */
export async function onOwnTimesChanged(deps: NotificationDeps, payload: TimesChangedPayload): Promise<number> {
  if (payload.kind !== 'user') return 0;
  const memberships = await deps.classes.memberships(payload.user_id);
  if (!memberships.length) return 0;
  const sent = await deps.sendings.latestLessons(memberships.map((m) => m.classId));
  const day = berlinToday();
  let mails = 0;
  for (const m of memberships) {
    const lessons = followFrequency(sent.get(m.classId)?.lessons[m.memberId] ?? [], m.frequency);
    if (!lessons.length) continue;
    const cls = await deps.classes.getClass(m.classId, '');
    const member = (await deps.classes.listMembers(m.classId, cls.teacherId)).find((x) => x.memberId === m.memberId);
    if (!member?.verified || member.userId !== payload.user_id) continue;
    const [times] = await deps.availability.memberTimes(m.classId, [{ memberId: m.memberId, userId: payload.user_id }]);
    if (!times) continue;
    const own = times.own.isEmpty() ? times.entered : times.own;
    const unfit = inWeekOrder(lessons).filter((l) => !own.containsWindow(l.day, l.start, l.end - l.start));
    const teacherMail = mail(cls.teacherEmail, `${member.name} hat die Zeiten geändert: „${cls.name}“`, teacherLines(member.name, cls.name, unfit));
    if (teacherMail && (await deps.sendings.noticeOnce({ classId: m.classId, memberId: m.memberId, day, recipient: 'teacher' }, teacherMail))) mails++;
    if (!unfit.length) continue;
    const studentMail = mail(
      member.email,
      `Deine Zeiten und deine Stunden in „${cls.name}“`,
      studentLines(member.name, cls.name, cls.teacherName, unfit, coursesLink(deps.cfg.PUBLIC_BASE_URL)),
      cls.teacherEmail,
    );
    if (studentMail && (await deps.sendings.noticeOnce({ classId: m.classId, memberId: m.memberId, day, recipient: 'student' }, studentMail))) mails++;
  }
  if (mails) deps.kickOutbox();
  return mails;
}

const list = (lessons: readonly Lesson[]) => lessons.map((l) => `- ${lessonText(l)}`);

function teacherLines(name: string, className: string, unfit: readonly Lesson[]): string[] {
  return [
    'Hallo,',
    '',
    `${name} hat nach dem Versand des Stundenplans für „${className}“ die eigenen Zeiten geändert.`,
    ...(unfit.length ? ['Diese Stunden passen nicht mehr zu den neuen Zeiten:', ...list(unfit)] : ['Alle Stunden passen weiterhin zu den neuen Zeiten.']),
    '',
    'Die aktuellen Zeiten siehst du im Planer. Weitere Änderungen heute melden wir dir nicht noch einmal.',
  ];
}

function studentLines(name: string, className: string, teacherName: string, unfit: readonly Lesson[], link: string): string[] {
  const teacher = teacherName.trim() || 'deine Lehrkraft';
  return [
    name ? `Hallo ${name.split(/\s+/)[0]},` : 'Hallo,',
    '',
    `du hast deine Zeiten geändert. ${unfit.length === 1 ? 'Diese Stunde' : 'Diese Stunden'} aus dem Stundenplan für „${className}“ ${unfit.length === 1 ? 'passt' : 'passen'} nicht mehr dazu:`,
    ...list(unfit),
    '',
    `Bis ${teacher} einen neuen Plan schickt, ${unfit.length === 1 ? 'gilt sie' : 'gelten sie'} weiter. Sprich bitte mit ${teacher} oder sag die Stunde unter „Meine Kurse“ ab: ${link}`,
  ];
}
