// The lists of dated lessons with every change (GET /api/classes/{classId}/lessons, GET /api/me/lessons).
import { berlinToUtc } from './calendar-ics.js';
import { DEFAULT_RULES } from '../data/makeup-repository.js';
import { dated, followFrequency, type DatedLesson } from './dated-lesson.js';
import type { NotificationDeps } from './deps.js';
import { withChanges } from './lesson-changes.js';

const byDate = <T extends DatedLesson>(a: T, b: T) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.name.localeCompare(b.name, 'de');

/** GET /api/classes/{classId}/lessons: every member's dated lessons (owner only: 404 otherwise, as classes answers). */
export async function classLessons(deps: NotificationDeps, teacherId: string, classId: string): Promise<{ lessons: DatedLesson[] }> {
  const members = await deps.classes.listMembers(classId, teacherId);
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([classId]), deps.classes.semesters([classId])]);
  const s = sent.get(classId);
  if (!s) return { lessons: [] };
  // Members removed since the sending are left out: the plan's lessons of current members only.
  const out = members.flatMap((m) => dated(m.memberId, m.name, followFrequency(s.lessons[m.memberId] ?? [], m.frequency), s, semesters.get(classId)));
  return { lessons: (await withChanges(deps, classId, out)).sort(byDate) };
}

/** GET /api/me/lessons: the student's own dated lessons in all their classes; nobody else's. */
export async function myLessons(
  deps: NotificationDeps,
  userId: string,
): Promise<{ lessons: (DatedLesson & { class_id: string; class_name: string; cancel_notice_hours: number; cancel_in_time_until: string })[] }> {
  const memberships = await deps.classes.memberships(userId);
  const classIds = [...new Set(memberships.map((m) => m.classId))];
  const [sent, semesters, rules] = await Promise.all([
    deps.sendings.latestLessons(classIds),
    deps.classes.semesters(classIds),
    Promise.all(classIds.map(async (id) => [id, (await deps.makeups.rules(id)).cancelNoticeHours] as const)).then((r) => new Map(r)),
  ]);
  const perClass = await Promise.all(
    memberships.map(async (m) => {
      const s = sent.get(m.classId);
      if (!s || !s.lessons[m.memberId]?.length) return [];
      // Every member's lessons of the class (a swap moves lessons between two), then only the caller's.
      const all = Object.entries(s.lessons).flatMap(([id, lessons]) =>
        id === m.memberId
          ? dated(id, m.memberName, followFrequency(lessons, m.frequency), s, semesters.get(m.classId))
          : dated(id, '', lessons, s, semesters.get(m.classId)),
      );
      const own = (await withChanges(deps, m.classId, all)).filter((d) => d.member_id === m.memberId);
      // The student's cancel dialog says before it happens whether a cancellation still gives a make-up.
      const hours = rules.get(m.classId) ?? DEFAULT_RULES.cancelNoticeHours;
      return own.map((d) => ({
        ...d,
        class_id: m.classId,
        class_name: m.className,
        cancel_notice_hours: hours,
        cancel_in_time_until: new Date(
          berlinToUtc(d.date, Number(d.start.slice(0, 2)), Number(d.start.slice(3, 5)), 0).getTime() - hours * 3_600_000,
        ).toISOString(),
      }));
    }),
  );
  return { lessons: perClass.flat().sort(byDate) };
}
