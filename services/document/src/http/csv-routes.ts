import { AppError, assertTeacher, rejectControlCharactersInBody } from '@stundenplan/base';
import type { Express, NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { CSV_MSG, extractCustom, extractHmtm, type CsvStudent } from '../csv/index.js';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** Memory storage, one file in field csv_file, 5 MB (larger -> 413 'Die Datei ist zu groß (maximal 5 MB)'). */
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } });

/** The csv_file upload; a malformed multipart body is a 400 (size limits stay 413 via the base error mapping). */
function csvUpload(req: Request, res: Response, next: NextFunction): void {
  upload.single('csv_file')(req, res, (err?: unknown) => {
    // Text fields of the form pass the same control-character check as JSON bodies.
    if (!err) return rejectControlCharactersInBody(req, res, next);
    const code = (err as { code?: unknown }).code;
    next(typeof code === 'string' && code.startsWith('LIMIT_') ? err : AppError.badRequest('Ungültiger Upload'));
  });
}

/** Teachers only, checked before the body is read. */
function teacherOnly(req: Request, _res: Response, next: NextFunction): void {
  assertTeacher(req);
  next();
}

function csvFile(req: Request): Buffer {
  const file = req.file;
  if (!file || !/\.csv$/i.test(file.originalname ?? '')) throw AppError.badRequest(CSV_MSG.notCsv);
  if (!file.buffer.length) throw AppError.badRequest(CSV_MSG.empty);
  return file.buffer;
}

const answer = (res: Response, studierende: CsvStudent[]) => res.json({ studierende, message: `${studierende.length} Studierende erfolgreich extrahiert` });

/** docs/product/api.md: POST extract-hmtm-csv and extract-custom-csv (multipart: csv_file [+ column_mapping]). */
export function registerCsvRoutes(app: Express): void {
  app.post('/api/extract-hmtm-csv', teacherOnly, csvUpload, (req, res) => {
    answer(res, extractHmtm(csvFile(req)));
  });

  app.post('/api/extract-custom-csv', teacherOnly, csvUpload, (req, res) => {
    const file = csvFile(req);
    answer(res, extractCustom(file, (req.body as Record<string, unknown> | undefined)?.column_mapping));
  });
}
