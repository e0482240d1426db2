// docs/product/api.md: sending schedules, the calendar and the contact form (notification service).
import { z } from 'zod';
import { messageAnswer } from './common.js';
import { defineEndpoint } from './endpoint.js';

const studentErrors = { 401: 'Not logged in.', 403: 'Not a student.' };

export const sendSchedule = defineEndpoint({
  id: 'sendScheduleToStudents',
  method: 'POST',
  path: '/api/send-schedule-to-students',
  summary: 'Mail the schedule PDF (and each student’s calendar file) to the class.',
  access: 'teacher',
  service: 'notification',
  body: z.object({
    pdf: z.string().meta({ format: 'binary', description: 'The schedule PDF.' }),
    class_id: z.string(),
    schedule_name: z.string().optional(),
    message: z.string().optional(),
    until: z.string().optional().meta({ description: 'YYYY-MM-DD, last day of the lessons in the calendar files.' }),
  }),
  bodyKind: 'multipart',
  answer: z.object({ recipient_count: z.number().int(), message: z.string() }),
  errors: {
    400: 'Invalid input.',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: 'Unknown class.',
    413: 'Larger than 5 MB.',
    429: 'Over the mail budget.',
  },
});

export const calendarSubscriptionStatus = defineEndpoint({
  id: 'getCalendarSubscription',
  method: 'GET',
  path: '/api/me/calendar-subscription',
  summary: 'Whether the student has a calendar link (the link itself is never shown again).',
  access: 'student',
  service: 'notification',
  answer: z.object({ active: z.boolean(), created_at: z.string().nullable() }),
  errors: studentErrors,
});

export const createCalendarSubscription = defineEndpoint({
  id: 'createCalendarSubscription',
  method: 'POST',
  path: '/api/me/calendar-subscription',
  summary: 'Make a new calendar link (replaces an earlier one).',
  access: 'student',
  service: 'notification',
  answer: z.object({ url: z.string(), created_at: z.string(), message: z.string() }),
  status: 201,
  errors: studentErrors,
});

export const revokeCalendarSubscription = defineEndpoint({
  id: 'revokeCalendarSubscription',
  method: 'DELETE',
  path: '/api/me/calendar-subscription',
  summary: 'Revoke the calendar link.',
  access: 'student',
  service: 'notification',
  answer: messageAnswer,
  errors: studentErrors,
});

export const subscribedCalendar = defineEndpoint({
  id: 'getSubscribedCalendar',
  method: 'GET',
  path: '/api/calendar/{file}',
  summary: 'The calendar file of a link; {file} is "<token>.ics".',
  access: 'public',
  service: 'notification',
  answer: undefined,
  answerKind: 'text/calendar',
  errors: { 404: "'Kalender nicht gefunden'", 429: 'Too many requests.' },
});

export const ownCalendar = defineEndpoint({
  id: 'getOwnCalendar',
  method: 'GET',
  path: '/api/me/calendar.ics',
  summary: 'The student’s lessons of the latest sent schedule per class.',
  access: 'student',
  service: 'notification',
  answer: undefined,
  answerKind: 'text/calendar',
  errors: studentErrors,
});

export const contact = defineEndpoint({
  id: 'contact',
  method: 'POST',
  path: '/api/contact',
  summary: 'Send feedback or a bug report.',
  access: 'public',
  service: 'notification',
  body: z.object({ type: z.enum(['feedback', 'bug']), name: z.string(), email: z.string(), subject: z.string(), message: z.string() }),
  answer: messageAnswer,
  errors: { 400: 'Invalid input.', 429: 'Too many requests.' },
});
