import { assertStudent } from '@stundenplan/base';
import type { Express } from 'express';
import { ICS_CONTENT_TYPE } from '../domain/calendar-ics.js';
import type { NotificationDeps } from '../domain/deps.js';
import { studentCalendar } from '../domain/student-calendar.js';

/** Issue 16: a student's lessons as an iCalendar file (teachers 403, visitors 401). */
export function registerCalendarRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/me/calendar.ics', async (req, res) => {
    const student = assertStudent(req);
    const ics = await studentCalendar(deps, student.userId);
    res.setHeader('Content-Type', ICS_CONTENT_TYPE);
    res.setHeader('Content-Disposition', 'attachment; filename="stundenplan.ics"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(ics);
  });
}
