import { assertTeacher } from '@stundenplan/base';
import { multipartUpload, uploadedFile } from '@stundenplan/base/upload';
import type { Express, NextFunction, Request, Response } from 'express';
import type { NotificationDeps } from '../domain/deps.js';
import { PDF_MAX_BYTES, sendScheduleToStudents } from '../domain/send-schedule.js';

/** The PDF arrives as `pdf` (SPEC) or `file`; the rest are text fields. At most 5 MB (413), a malformed body 400. */
const FILE_FIELDS = ['pdf', 'file'] as const;
const pdfUpload = multipartUpload({ fileFields: FILE_FIELDS, maxFileBytes: PDF_MAX_BYTES, tooLarge: 'Die Datei ist zu groß (maximal 5 MB)' });

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

/**
 * docs/product/api.md POST send-schedule-to-students: multipart with `pdf` (or `file`) and `class_id`, optional
 * `schedule_name` and `message`. Answer 200 { recipient_count, message }.
 */
export function registerSendScheduleRoutes(app: Express, deps: NotificationDeps): void {
  app.post('/api/send-schedule-to-students', teacherOnly, pdfUpload, async (req: Request, res: Response) => {
    const user = assertTeacher(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const result = await sendScheduleToStudents(deps, user, {
      classId: body.class_id,
      scheduleName: body.schedule_name,
      message: body.message,
      pdf: uploadedPdf(req),
      until: body.until,
    });
    res.json(result);
  });
}
