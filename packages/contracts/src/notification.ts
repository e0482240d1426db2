// docs/product/api.md: sending schedules, the calendar and the contact form (notification service).
import { z } from 'zod';
import { filePart, messageAnswer } from './common.js';
import { defineEndpoint } from './endpoint.js';

const studentErrors = { 401: 'Not logged in.', 403: 'Not a student.' };

export const sendSchedule = defineEndpoint({
  id: 'sendScheduleToStudents',
  method: 'POST',
  path: '/api/send-schedule-to-students',
  summary:
    'Mail the schedule PDF (and each student’s calendar file) to the class. The same request again within 60 seconds is the same sending: the same answer, no mail again.',
  access: 'teacher',
  service: 'notification',
  body: z.object({
    pdf: filePart('The schedule PDF (well-formed, at most 5 MB).'),
    file: filePart('Older name of `pdf`, read when `pdf` is missing.').optional(),
    class_id: z.string().meta({ description: 'The teacher’s class.' }),
    schedule_name: z.string().optional().meta({ description: 'At most 200 characters (without leading and trailing spaces).' }),
    message: z.string().optional().meta({ description: 'A personal message in the mail; at most 2000 characters (without leading and trailing spaces).' }),
    until: z
      .string()
      .optional()
      .meta({ description: 'YYYY-MM-DD, last day of the lessons in the calendar files: today up to a year ahead (default 15 weeks).' }),
    recipients: z.enum(['changed', 'all']).optional().meta({
      description:
        '`all` (also when absent): every student with an address. `changed`: only those whose lessons differ from the last sending, or who were not told then (the answer then may be recipient_count 0).',
    }),
  }),
  bodyKind: 'multipart',
  answer: z.object({
    recipient_count: z.number().int(),
    skipped_count: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Students left out because their address has had its mails for today (daily limit per recipient); the message says so.' }),
    message: z.string(),
  }),
  errors: {
    400: 'No class, no PDF or not a PDF, a name or message too long, a bad end date, no student with an address, or a broken upload (German detail).',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: "Unknown or another teacher's class: 'Klasse/Kurs nicht gefunden'.",
    413: "Larger than 5 MB: 'Die Datei ist zu groß (maximal 5 MB)'.",
    429: 'Over the teacher’s daily mail budget, or every student’s address has had its mails for today.',
    502: 'The classes service cannot be reached.',
  },
});

const previewLesson = z.object({
  member_id: z.string(),
  day: z.number().int().min(0).max(6),
  start: z.number().int().min(0).max(95).meta({ description: 'First quarter hour (slot).' }),
  end: z.number().int().min(1).max(96).meta({ description: 'Slot after the last one.' }),
  week: z.enum(['A', 'B']).nullable().optional(),
});

export const sendPreview = defineEndpoint({
  id: 'sendSchedulePreview',
  method: 'POST',
  path: '/api/classes/{classId}/send-preview',
  summary: 'How many students a sending of these lessons would mail: everyone with an address, or only those whose lessons changed since the last sending.',
  access: 'teacher',
  service: 'notification',
  body: z.object({ lessons: z.array(previewLesson).max(2000) }),
  answer: z.object({
    all: z.number().int().meta({ description: 'Students with an address (recipients=all).' }),
    changed: z.number().int().meta({ description: 'Of them, those recipients=changed would mail.' }),
    sent_before: z.boolean().meta({ description: 'Whether the class has a sending with its lessons to compare with.' }),
  }),
  errors: {
    400: 'A malformed body (German detail).',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    404: "Unknown or another teacher's class: 'Klasse/Kurs nicht gefunden'.",
    502: 'The classes service cannot be reached.',
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
  path: '/api/calendar/{token}.ics',
  summary: 'The calendar file of a subscription link: its token, then ".ics".',
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
