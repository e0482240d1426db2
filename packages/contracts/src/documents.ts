// docs/product/api.md: the CSV extraction and the PDF export (document service).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { lessonWeek } from './scheduling.js';

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

/** A slot key ("09:00", "9.00") or, in the saved form, a slot index. */
const pdfSlot = z.union([z.string(), z.number().int()]);

/**
 * One day of the exported plan: the working form (slot -> member_id, "" or null free) or the saved form, a list of
 * [slot, member_id] entries; a biweekly lesson's entries carry its week, [slot, member_id, "A" | "B"].
 */
export const pdfDay = z.union([
  z.record(z.string(), z.string().nullable()),
  z.array(z.union([z.tuple([pdfSlot, z.string()]), z.tuple([pdfSlot, z.string(), lessonWeek.nullable()])])),
]);

export const pdfBody = z.object({
  /** Day name ("Montag", any case) or "0"…"6" -> the day's lessons. */
  schedule: z.record(z.string(), pdfDay),
  /** Visible slots, start inclusive, end exclusive. */
  timeRange: z.object({ start: z.number().int(), end: z.number().int() }).optional(),
  studentsList: z.array(z.object({ member_id: z.string(), name: z.string(), fullName: z.string().optional(), duration: z.number().optional() })),
  className: z.string().optional(),
  scheduleName: z.string().optional(),
  /**
   * The class's semester (the fields of PUT classes/{id}/semester; other fields such as the GET answer's holidays are
   * ignored): the PDF then names it and lists the days without lessons, the state's public holidays computed by the service.
   */
  semester: z
    .object({
      first_day: z.string().meta({ description: 'First day (YYYY-MM-DD).' }),
      last_day: z.string().meta({ description: 'Last day (YYYY-MM-DD), at most 400 days after the first counting both.' }),
      state: z.string().meta({ description: 'Bundesland: BW BY BE BB HB HH HE MV NI NW RP SL SN ST SH TH.' }),
      breaks: z
        .array(z.object({ from: z.string(), to: z.string(), label: z.string() }))
        .max(30)
        .optional(),
    })
    .nullable()
    .optional(),
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
