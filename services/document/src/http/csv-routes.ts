import { AppError, assertTeacher, bodyObject, parseBody } from '@stundenplan/base';
import { multipartUpload, uploadedFile } from '@stundenplan/base/upload';
import { answerFor, documents } from '@stundenplan/contracts';
import type { Express, NextFunction, Request, Response } from 'express';
import { CSV_MSG, extractCustom, extractHmtm, type CsvStudent } from '../csv/index.js';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** One file in field csv_file, 5 MB (larger -> 413 'Die Datei ist zu groß (maximal 5 MB)'); a malformed body is a 400. */
const csvUpload = multipartUpload({ fileFields: ['csv_file'], maxFileBytes: CSV_MAX_BYTES, tooLarge: 'Die Datei ist zu groß (maximal 5 MB)' });

/** The texts of a form the contract refuses (docs/product/documents.md "CSV files"). */
const CSV_FORM = { csv_file: CSV_MSG.notCsv, column_mapping: CSV_MSG.mappingInvalid };

/** Teachers only, checked before the body is read. */
function teacherOnly(req: Request, _res: Response, next: NextFunction): void {
  assertTeacher(req);
  next();
}

/** The uploaded .csv file's bytes: a file named *.csv that is not empty (the name is the file's, not the form's). */
function csvFile(req: Request): Buffer {
  const file = uploadedFile(req, 'csv_file');
  if (!file || !/\.csv$/i.test(file.originalname ?? '')) throw AppError.badRequest(CSV_MSG.notCsv);
  if (!file.buffer.length) throw AppError.badRequest(CSV_MSG.empty);
  return file.buffer;
}

/** The form as the contract reads it: the text fields and the file's bytes in place of its part. */
function csvForm(req: Request, file: Buffer): Record<string, unknown> {
  return { ...bodyObject(req), csv_file: file };
}

const answer = (res: Response, studierende: CsvStudent[]) =>
  res.json(answerFor(documents.extractCustomCsv, { studierende, message: `${studierende.length} Studierende erfolgreich extrahiert` }));

/** docs/product/api.md: POST extract-hmtm-csv and extract-custom-csv (multipart: csv_file [+ column_mapping]). */
export function registerCsvRoutes(app: Express): void {
  app.post('/api/extract-hmtm-csv', teacherOnly, csvUpload, (req, res) => {
    const file = csvFile(req);
    parseBody(documents.extractHmtmCsv, { body: csvForm(req, file) }, CSV_FORM);
    answer(res, extractHmtm(file));
  });

  app.post('/api/extract-custom-csv', teacherOnly, csvUpload, (req, res) => {
    const file = csvFile(req);
    const form = parseBody(documents.extractCustomCsv, { body: csvForm(req, file) }, CSV_FORM);
    answer(res, extractCustom(file, form.column_mapping));
  });
}
