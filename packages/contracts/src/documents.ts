// docs/product/api.md: the CSV extraction and the PDF export (document service).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { workingTimetable } from './scheduling.js';

/** docs/product/data.md CSV rows. */
export const csvRow = z.object({
  row_id: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
  email: z.string().nullable(),
  dauer: z.number().nullable(),
  name: z.string(),
});
const csvAnswer = z.object({ studierende: z.array(csvRow), message: z.string() });
const csvFile = z.string().meta({ format: 'binary', description: 'The .csv file.' });
const teacherErrors = { 400: 'Invalid file or input.', 401: 'Not logged in.', 403: 'Not a teacher.', 413: 'Larger than 5 MB.' };

export const extractHmtmCsv = defineEndpoint({
  id: 'extractHmtmCsv',
  method: 'POST',
  path: '/api/extract-hmtm-csv',
  summary: 'Read the students of an HMTM eOffice CSV export.',
  access: 'teacher',
  service: 'document',
  body: z.object({ csv_file: csvFile }),
  bodyKind: 'multipart',
  answer: csvAnswer,
  errors: teacherErrors,
});

export const extractCustomCsv = defineEndpoint({
  id: 'extractCustomCsv',
  method: 'POST',
  path: '/api/extract-custom-csv',
  summary: 'Read the students of any CSV file with a column mapping.',
  access: 'teacher',
  service: 'document',
  body: z.object({ csv_file: csvFile, column_mapping: z.string().meta({ description: 'JSON: name, or vorname and nachname; optional dauer, email.' }) }),
  bodyKind: 'multipart',
  answer: csvAnswer,
  errors: teacherErrors,
});

export const pdfBody = z.object({
  schedule: workingTimetable,
  /** Visible slots, start inclusive, end exclusive. */
  timeRange: z.object({ start: z.number().int(), end: z.number().int() }).optional(),
  studentsList: z.array(z.object({ member_id: z.string(), name: z.string(), fullName: z.string().optional(), duration: z.number().optional() })),
  className: z.string().optional(),
  scheduleName: z.string().optional(),
});

export const exportPdf = defineEndpoint({
  id: 'exportPdf',
  method: 'POST',
  path: '/api/export-pdf-alternative',
  summary: 'The timetable as stundenplan.pdf.',
  access: 'teacher',
  service: 'document',
  body: pdfBody,
  answer: undefined,
  answerKind: 'application/pdf',
  errors: { 400: 'Invalid input.', 401: 'Not logged in.', 403: 'Not a teacher.', 500: 'The PDF could not be made.', 503: 'The PDF renderer is busy.' },
});
