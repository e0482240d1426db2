import { AppError, assertTeacher, rejectControlCharactersInBody } from '@stundenplan/base';
import type { Express, NextFunction, Request, Response } from 'express';
import multer from 'multer';
import type { NotificationDeps } from '../domain/deps.js';
import { PDF_MAX_BYTES, sendScheduleToStudents } from '../domain/send-schedule.js';

/** The PDF arrives as `pdf` (SPEC) or `file`; the rest are text fields. Memory storage, at most 5 MB. */
const FILE_FIELDS = ['pdf', 'file'] as const;
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PDF_MAX_BYTES, files: FILE_FIELDS.length, fields: 10, fieldSize: 64 * 1024 },
}).fields(FILE_FIELDS.map((name) => ({ name, maxCount: 1 })));

/** Size limits stay 413 ('Die Datei ist zu groß (maximal 5 MB)' via the base error mapping); a malformed body is a 400. */
function pdfUpload(req: Request, res: Response, next: NextFunction): void {
  upload(req, res, (err?: unknown) => {
    // Text fields of the form pass the same control-character check as JSON bodies.
    if (!err) return rejectControlCharactersInBody(req, res, next);
    const code = (err as { code?: unknown }).code;
    next(typeof code === 'string' && code.startsWith('LIMIT_') ? err : AppError.badRequest('Ungültiger Upload'));
  });
}

/** Teachers only, checked before the body is read (no session 401, students 403). */
function teacherOnly(req: Request, _res: Response, next: NextFunction): void {
  assertTeacher(req);
  next();
}

function uploadedPdf(req: Request): Buffer | undefined {
  const files = req.files as Record<string, Express.Multer.File[] | undefined> | undefined;
  for (const name of FILE_FIELDS) {
    const f = files?.[name]?.[0];
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
