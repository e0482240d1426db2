import { buildCalendar, type CalendarLessons } from './calendar-ics.js';
import { dated, followFrequency, seriesOf, type DatedLesson } from './dated-lesson.js';
import { withChanges } from './lesson-changes.js';
import type { NotificationDeps } from './deps.js';

/**
 * GET /api/me/calendar.ics and the subscription feed: the student's own lessons from the newest sent schedule
 * of each of their classes (only their member ids' lessons; nobody else's times or names), over the class's
 * semester without its holidays and breaks, or without a semester the weekly series as sent. Read at each
 * request, so a new sending or a changed semester shows at the next fetch. Without any: an empty calendar.
 */
export async function studentCalendar(deps: NotificationDeps, userId: string, now: Date = new Date()): Promise<string> {
  const memberships = await deps.classes.memberships(userId);
  const classIds = [...new Set(memberships.map((m) => m.classId))];
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons(classIds), deps.classes.semesters(classIds)]);
  const series: CalendarLessons[] = [];
  for (const m of memberships) {
    const s = sent.get(m.classId);
    if (!s || !s.lessons[m.memberId]?.length) continue;
    const lessons = followFrequency(s.lessons[m.memberId]!, m.frequency);
    const semester = semesters.get(m.classId);
    const all = Object.entries(s.lessons).flatMap(([id, l]) => dated(id, '', id === m.memberId ? lessons : l, s, semester));
    const changes = changesOf(
      all.filter((d) => d.member_id === m.memberId),
      (await withChanges(deps, m.classId, all)).filter((d) => d.member_id === m.memberId),
    );
    series.push({ key: `${m.classId}-${m.memberId}`, className: m.className, teacherName: m.teacherName, lessons, ...seriesOf(s, semester), changes });
  }
  return buildCalendar(series, now);
}

/** What the changes during the semester (swaps, cancellations, make-ups) do to one member's weekly series. */
function changesOf(before: DatedLesson[], after: DatedLesson[]): NonNullable<CalendarLessons['changes']> {
  const key = (d: DatedLesson) => `${d.date}T${d.start}`;
  const stillPlanned = new Set(after.filter((d) => d.status === 'planned').map(key));
  return {
    exclude: before.filter((d) => d.status === 'planned' && !stillPlanned.has(key(d))).map(key),
    singles: after
      .filter((d) => d.status === 'swapped' || d.status === 'makeup')
      .map((d) => ({ date: d.date, start: d.start, end: d.end, note: d.reason ?? (d.status === 'makeup' ? 'Nachholtermin' : ''), room: d.room ?? null })),
  };
}
