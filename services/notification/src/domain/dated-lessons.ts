import { lessonOccurrences, type LessonOccurrence, type LessonWeek } from '@stundenplan/timegrid';
import type { ClassSemester, MemberFrequency } from '../clients/classes-client.js';
import { lockClassTimeline, type Db } from '../data/class-timeline.js';
import { DEFAULT_RULES } from '../data/makeup-repository.js';
import type { SentLessons } from '../data/sending-repository.js';
import { berlinToUtc, type Lesson } from './calendar-ics.js';
import type { NotificationDeps } from './deps.js';
import { applyMakeupChanges } from './makeups.js';
import { applySwaps } from './swap-lessons.js';

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
}

/**
 * A member's sent lessons as their current frequency says (README "Decisions"): a biweekly member's lesson that
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
  return lessons.flatMap((l) => lessonOccurrences(l, span).map((o) => ({ member_id: memberId, name, ...o, week: l.week ?? null })));
}

/**
 * The per-date changes of one class applied to every member's dated lessons (`all` holds all members' lessons of
 * the class, so a swap finds both of its lessons): swaps as they were made, then cancellations and booked make-ups.
 * `db`: a transaction to read in (one query after the other, on its connection).
 */
export async function withChanges(deps: NotificationDeps, classId: string, all: DatedLesson[], db?: Db): Promise<DatedLesson[]> {
  const [swaps, cancellations, makeups] = db
    ? [await deps.swaps.swapped([classId], db), await deps.makeups.cancellations([classId], db), await deps.makeups.makeupsOfClasses([classId], db)]
    : await Promise.all([deps.swaps.swapped([classId]), deps.makeups.cancellations([classId]), deps.makeups.makeupsOfClasses([classId])]);
  return applyMakeupChanges(applySwaps(all, swaps, cancellations), cancellations, makeups);
}

/** The answer of a change that lost a race for its lesson (docs/product/semester.md). */
export const CHANGED_MEANWHILE = 'Dieser Termin wurde gerade schon getauscht oder abgesagt.';

/**
 * The guard of a change of a class's dated lessons, run first in the change's transaction: it locks the class's
 * lessons (lockClassTimeline), reads the changes committed so far in that transaction, applies them to `all`
 * (the same lessons the change was checked on) and checks again; `check` throws (409) when the change no longer
 * holds, which rolls back the change with its mails.
 */
export function recheckLocked(deps: NotificationDeps, classId: string, all: DatedLesson[], check: (lessons: DatedLesson[]) => void) {
  return async (tx: Db): Promise<void> => {
    await lockClassTimeline(tx, classId);
    check(await withChanges(deps, classId, all, tx));
  };
}

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
