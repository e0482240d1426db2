import { assertTeacher, bodyObject, parseBody } from '@stundenplan/base';
import { multipartUpload, uploadedFile } from '@stundenplan/base/upload';
import { notification } from '@stundenplan/contracts';
import type { Express, NextFunction, Request, Response } from 'express';
import { classIdOf } from '../domain/class-id.js';
import type { NotificationDeps } from '../domain/deps.js';
import { sendPreview } from '../domain/send-preview.js';
import { PDF_MAX_BYTES, SEND_MSG, sendScheduleToStudents } from '../domain/send-schedule.js';

/** The PDF arrives as `pdf` (SPEC) or `file`; the rest are text fields. At most 5 MB (413), a malformed body 400. */
const FILE_FIELDS = ['pdf', 'file'] as const;
const UPLOAD_INVALID = 'Ungültiger Upload';
const pdfUpload = multipartUpload({ fileFields: FILE_FIELDS, maxFileBytes: PDF_MAX_BYTES, tooLarge: 'Die Datei ist zu groß (maximal 5 MB)' });

/**
 * The texts of a form the contract refuses, in the order the fields are checked (docs/product/documents.md
 * "Sending schedules"); a text field sent twice is a broken upload.
 */
const SEND_BODY = {
  class_id: SEND_MSG.noClass,
  pdf: SEND_MSG.noFile,
  schedule_name: UPLOAD_INVALID,
  message: UPLOAD_INVALID,
  until: SEND_MSG.untilFormat,
  recipients: SEND_MSG.recipientsChoice,
};

/** Teachers only, checked before the body is read (no session 401, students 403). */
function teacherOnly(req: Request, _res: Response, next: NextFunction): void {
  assertTeacher(req);
  next();
}

function uploadedPdf(req: Request): Buffer | undefined {
  for (const name of FILE_FIELDS) {
    const f = uploadedFile(req, name);
    if (f) return f.buffer;
  }
  return undefined;
}

/** The text fields of the form (a text field in a file's place is not one of them). */
function textFields(req: Request): Record<string, unknown> {
  const { pdf: _pdf, file: _file, ...text } = bodyObject(req);
  return text;
}

/**
 * docs/product/api.md POST send-schedule-to-students: multipart with `pdf` (or `file`) and `class_id`, optional
 * `schedule_name`, `message`, `until` and `recipients`. Answer 200 { recipient_count, message }.
 */
export function registerSendScheduleRoutes(app: Express, deps: NotificationDeps): void {
  app.post('/api/send-schedule-to-students', teacherOnly, pdfUpload, async (req: Request, res: Response) => {
    const user = assertTeacher(req);
    const pdf = uploadedPdf(req);
    // The PDF's bytes take the place of its part, so the contract checks the whole form.
    const form = parseBody(notification.sendSchedule, { body: { ...textFields(req), pdf } }, SEND_BODY);
    const result = await sendScheduleToStudents(deps, user, {
      classId: form.class_id,
      scheduleName: form.schedule_name,
      message: form.message,
      pdf,
      until: form.until,
      recipients: form.recipients,
    });
    res.json(result);
  });

  // The send dialog's counts: how many a sending to all, or only to the changed ones, would mail.
  app.post('/api/classes/:classId/send-preview', async (req: Request, res: Response) => {
    const user = assertTeacher(req);
    const classId = classIdOf(String(req.params.classId));
    const body = parseBody(notification.sendPreview, req, { lessons: 'Die Stunden des Plans sind ungültig.' });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await sendPreview(deps, user, classId, body.lessons));
  });
}
