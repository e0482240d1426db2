import { buildCalendar, type CalendarLessons } from './calendar-ics.js';
import { seriesOf } from './dated-lessons.js';
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
    const lessons = s?.lessons[m.memberId];
    if (!s || !lessons?.length) continue;
    series.push({ key: `${m.classId}-${m.memberId}`, className: m.className, teacherName: m.teacherName, lessons, ...seriesOf(s, semesters.get(m.classId)) });
  }
  return buildCalendar(series, now);
}
