import { assertUser } from '@stundenplan/base';
import { multipartUpload, uploadedFile } from '@stundenplan/base/upload';
import type { Express, NextFunction, Request, Response } from 'express';
import { CALENDAR_MSG } from '../calendar/calendar-texts.js';
import type { AvailabilityDeps } from '../domain/deps.js';
import { CALENDAR_MAX_BYTES, importCalendar } from '../domain/import-calendar.js';
import { jsonBody } from './json-body.js';

/** The .ics file in field `file`, at most 2 MB (413 'Die Datei ist zu groß (maximal 2 MB)'); JSON bodies pass untouched. */
const calendarUpload = multipartUpload({ fileFields: ['file'], maxFileBytes: CALENDAR_MAX_BYTES, tooLarge: CALENDAR_MSG.fileTooLarge });

/** A logged-in user, checked before the upload is read. */
function userOnly(req: Request, _res: Response, next: NextFunction): void {
  assertUser(req);
  next();
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/**
 * docs/product/api.md POST /api/me/calendar-import: multipart `file` (.ics) or JSON `{ url }`; teachers may name
 * their class (`class_id` in the query or body) whose semester counts. Answers the busy slots of a typical week.
 */
export function registerCalendarImportRoutes(app: Express, deps: AvailabilityDeps): void {
  app.post('/api/me/calendar-import', userOnly, calendarUpload, async (req, res) => {
    const user = assertUser(req);
    const body = jsonBody(req);
    const file = uploadedFile(req, 'file')?.buffer;
    const classId = text(req.query.class_id) ?? text(body.class_id);
    res.json(await importCalendar(deps, user, { file, url: file ? undefined : text(body.url), classId }));
  });
}
