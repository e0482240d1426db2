import { buildCalendar, type CalendarLessons } from './calendar-ics.js';
import type { NotificationDeps } from './deps.js';

/**
 * GET /api/me/calendar.ics: the student's own lessons from the newest sent schedule of each of their
 * classes (only their member ids' lessons; nobody else's times or names). Without any: an empty calendar.
 */
export async function studentCalendar(deps: NotificationDeps, userId: string, now: Date = new Date()): Promise<string> {
  const memberships = await deps.classes.memberships(userId);
  const sent = await deps.sendings.latestLessons([...new Set(memberships.map((m) => m.classId))]);
  const series: CalendarLessons[] = [];
  for (const m of memberships) {
    const s = sent.get(m.classId);
    const lessons = s?.lessons[m.memberId];
    if (!s || !lessons?.length) continue;
    series.push({ key: `${m.classId}-${m.memberId}`, className: m.className, teacherName: m.teacherName, lessons, from: s.from, until: s.until });
  }
  return buildCalendar(series, now);
}
