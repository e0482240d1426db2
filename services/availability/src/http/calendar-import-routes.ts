import { assertUser, bodyObject, parseBody, parseQuery } from '@stundenplan/base';
import { multipartUpload, uploadedFile } from '@stundenplan/base/upload';
import { calendarImport } from '@stundenplan/contracts';
import type { Express, NextFunction, Request, Response } from 'express';
import { CALENDAR_MSG } from '../calendar/calendar-texts.js';
import type { AvailabilityDeps } from '../domain/deps.js';
import { CALENDAR_MAX_BYTES, importCalendar } from '../domain/import-calendar.js';

/** The .ics file in field `file`, at most 2 MB (413 'Die Datei ist zu groß (maximal 2 MB)'); JSON bodies pass untouched. */
const calendarUpload = multipartUpload({ fileFields: ['file'], maxFileBytes: CALENDAR_MAX_BYTES, tooLarge: CALENDAR_MSG.fileTooLarge });

/** The texts of a request the contract refuses (docs/product/times.md "Aus Kalender übernehmen"). */
const IMPORT_QUERY = { class_id: 'Ungültige Anfrage' };
const IMPORT_BODY = {
  '': CALENDAR_MSG.noInput,
  file: CALENDAR_MSG.noInput,
  // A link that is text but too long is no usable link; anything else is no link at all.
  url: (sent: unknown) => (typeof sent === 'string' ? CALENDAR_MSG.badUrl : CALENDAR_MSG.noInput),
};

/** A logged-in user, checked before the upload is read. */
function userOnly(req: Request, _res: Response, next: NextFunction): void {
  assertUser(req);
  next();
}

const text = (v: string | undefined): string | undefined => (v?.trim() ? v : undefined);

/**
 * docs/product/api.md POST /api/me/calendar-import: multipart `file` (.ics) or `url`, or JSON `{ url }`; teachers
 * name their class (`?class_id=`) whose semester counts. Answers the busy slots of a typical week.
 */
export function registerCalendarImportRoutes(app: Express, deps: AvailabilityDeps): void {
  app.post('/api/me/calendar-import', userOnly, calendarUpload, async (req, res) => {
    const user = assertUser(req);
    const query = parseQuery(calendarImport.importCalendar, req, IMPORT_QUERY);
    const file = uploadedFile(req, 'file')?.buffer;
    // The uploaded file's bytes take the place of its part, so the contract checks the whole form.
    const body = parseBody(calendarImport.importCalendar, { body: file ? { ...bodyObject(req), file } : req.body }, IMPORT_BODY);
    res.json(await importCalendar(deps, user, { file, url: file ? undefined : text(body.url), classId: text(query.class_id) }));
  });
}
