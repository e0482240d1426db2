import { assertStudent } from '@stundenplan/base';
import { answerFor, notification } from '@stundenplan/contracts';
import type { Express } from 'express';
import { ICS_CONTENT_TYPE } from '../domain/calendar-ics.js';
import type { NotificationDeps } from '../domain/deps.js';
import { createSubscription, revokeSubscription, subscribedCalendar, subscriptionStatus } from '../domain/calendar-subscription.js';
import { studentCalendar } from '../domain/student-calendar.js';

/**
 * A student's lessons as an iCalendar file (teachers 403, visitors 401), and the private
 * subscription link (made, shown once, revoked by the student). The calls carry no body or query
 * (packages/contracts notification.ts); their answers are checked against the contracts at compile time.
 */
export function registerCalendarRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/me/calendar.ics', async (req, res) => {
    const student = assertStudent(req);
    const ics = await studentCalendar(deps, student.userId);
    res.setHeader('Content-Type', ICS_CONTENT_TYPE);
    res.setHeader('Content-Disposition', 'attachment; filename="stundenplan.ics"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(ics);
  });

  app.get('/api/me/calendar-subscription', async (req, res) => {
    const student = assertStudent(req);
    res.json(answerFor(notification.calendarSubscriptionStatus, await subscriptionStatus(deps, student.userId)));
  });

  app.post('/api/me/calendar-subscription', async (req, res) => {
    const student = assertStudent(req);
    res.status(201).json(answerFor(notification.createCalendarSubscription, await createSubscription(deps, student.userId)));
  });

  app.delete('/api/me/calendar-subscription', async (req, res) => {
    const student = assertStudent(req);
    res.json(answerFor(notification.revokeCalendarSubscription, await revokeSubscription(deps, student.userId)));
  });

  // Public on purpose: calendar apps fetch it without a session; the unguessable token is the key.
  app.get('/api/calendar/:file', async (req, res) => {
    const file = String(req.params.file);
    const ics = await subscribedCalendar(deps, file.endsWith('.ics') ? file.slice(0, -4) : '');
    res.setHeader('Content-Type', ICS_CONTENT_TYPE);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.send(ics);
  });
}
