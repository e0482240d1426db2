import { AppError, assertTeacher } from '@stundenplan/base';
import { multipartUpload, uploadedFile } from '@stundenplan/base/upload';
import type { Express, NextFunction, Request, Response } from 'express';
import { CSV_MSG, extractCustom, extractHmtm, type CsvStudent } from '../csv/index.js';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** One file in field csv_file, 5 MB (larger -> 413 'Die Datei ist zu groß (maximal 5 MB)'); a malformed body is a 400. */
const csvUpload = multipartUpload({ fileFields: ['csv_file'], maxFileBytes: CSV_MAX_BYTES, tooLarge: 'Die Datei ist zu groß (maximal 5 MB)' });

/** Teachers only, checked before the body is read. */
function teacherOnly(req: Request, _res: Response, next: NextFunction): void {
  assertTeacher(req);
  next();
}

function csvFile(req: Request): Buffer {
  const file = uploadedFile(req, 'csv_file');
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
