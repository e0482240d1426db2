// docs/product/api.md "Times and ranges": the busy times of a typical week from the user's own calendar (availability service).
import { z } from 'zod';
import { filePart, id, timesMap } from './common.js';
import { defineEndpoint } from './endpoint.js';

/** One busy stretch of the typical week with its event's name (shown on hover, never stored). */
export const busyEvent = z.object({
  day: z.number().int().min(0).max(6).meta({ description: '0 = Monday … 6 = Sunday.' }),
  start: z.string().meta({ description: 'First busy slot label, e.g. "10.00".' }),
  end: z.string().meta({ description: 'Slot label after the last busy slot, e.g. "12.00" ("24.00" at midnight).' }),
  summary: z.string(),
});

/** The link form of the call: JSON `{ url }` (https:// or webcal://); the same `url` may come as a form field instead of `file`. */
export const calendarUrlBody = z.object({ url: z.string() });

export const importCalendar = defineEndpoint({
  id: 'importCalendar',
  method: 'POST',
  path: '/api/me/calendar-import',
  summary:
    'The busy quarter hours of a typical week of the user’s own calendar: an .ics file (`file`, at most 2 MB) or a link (`url`, also as JSON `{ url }`). Nothing is stored.',
  access: 'user',
  service: 'availability',
  body: z.object({
    file: filePart('The .ics file (at most 2 MB).').optional(),
    url: z.string().max(2048).optional().meta({ description: 'https:// or webcal:// link of the calendar (used when no file is sent).' }),
  }),
  bodyKind: 'multipart',
  query: z.object({ class_id: id.optional().meta({ description: 'Teachers: their class whose semester counts (students: not used).' }) }),
  answer: z.object({
    busy: timesMap.meta({ description: 'Busy slots of the typical week (busy in more than half of the counted weeks).' }),
    events: z.array(busyEvent),
    from: z.string().meta({ description: 'First counted day (YYYY-MM-DD): the semester’s, or today without one.' }),
    to: z.string().meta({ description: 'Last counted day (YYYY-MM-DD): the semester’s, or the end of the next 8 weeks.' }),
  }),
  errors: {
    400: 'No file or link; not a calendar; a calendar beyond the import\'s limits or time budget ("Die Kalenderdatei ist zu umfangreich."); link not https/webcal, not public ("Diese Adresse ist nicht erlaubt …"), or not reachable.',
    401: 'Not logged in.',
    403: 'Another teacher’s class.',
    404: 'Unknown class.',
    413: 'File or fetched calendar larger than 2 MB.',
    429: 'Too many imports from this address (gateway; with wait_time), or too many imports being read at once (service).',
  },
});
