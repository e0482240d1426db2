// docs/product/api.md: the CSV extraction and the PDF export (document service).
import { z } from 'zod';
import { filePart } from './common.js';
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
const csvFile = filePart('The .csv file: a name ending in .csv, at most 5 MB (UTF-8, UTF-16 with BOM or Windows-1252).');
const teacherErrors = {
  400: 'No .csv file, an empty or unreadable file, no students, too many entries, a bad column mapping, or a broken upload (German detail).',
  401: 'Not logged in.',
  403: 'Not a teacher.',
  413: "Larger than 5 MB: 'Die Datei ist zu groß (maximal 5 MB)'.",
};

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
  body: z.object({
    csv_file: csvFile,
    column_mapping: z.string().meta({
      description:
        'JSON text: {"name": …} or {"vorname": …, "nachname": …}, optional "email", "dauer" and "has_header" (true or false); a value is a 0-based column index (2 or "2") or a header name; null, "" or -1 leave the role unmapped.',
    }),
  }),
  bodyKind: 'multipart',
  answer: csvAnswer,
  errors: teacherErrors,
});

/** A slot key ("09:00", "9.00") or, in the saved form, a slot index. */
const pdfSlot = z.union([z.string(), z.number().int()]);
/** A member id, or a free slot ("" or null). */
const pdfMember = z.string().nullable();

/**
 * One day of the exported plan: the working form (slot -> member_id, "" or null free) or the saved form, a list of
 * [slot, member_id] entries; a biweekly lesson's entries carry its week, [slot, member_id, "A" | "B"] (null or "": every week).
 * A day that is null has no lessons.
 */
export const pdfDay = z
  .union([
    z.record(z.string(), pdfMember),
    z.array(z.union([z.tuple([pdfSlot, pdfMember]), z.tuple([pdfSlot, pdfMember, z.union([lessonWeek, z.literal('')]).nullable()])])),
  ])
  .nullable();

const slotIndex = z.number().int().min(0).max(96);
const pdfText = (description: string) => z.string().max(200).nullish().meta({ description });

export const pdfBody = z.object({
  schedule: z.record(z.string(), pdfDay).meta({ description: 'Day name ("Montag", any case) or "0"…"6" -> the day’s lessons; at least one lesson.' }),
  timeRange: z.object({ start: slotIndex, end: slotIndex }).meta({ description: 'Visible slots, start inclusive, end exclusive (0 <= start < end <= 96).' }),
  studentsList: z
    .array(
      z.object({
        member_id: z.string().max(100),
        name: z.string().optional().meta({ description: 'Short name (the planner’s).' }),
        fullName: z.string().optional(),
        duration: z.number().optional().meta({ description: 'Minutes.' }),
      }),
    )
    .max(200)
    .nullish()
    .meta({ description: 'The class’s students (the first entry of a member_id counts); absent or null: none.' }),
  className: pdfText('The class, at most 200 characters.'),
  scheduleName: pdfText('The plan’s name, the PDF’s title; at most 200 characters.'),
  rooms: z
    .record(
      z.string().max(100),
      z.object({
        name: z.string().max(100).meta({ description: 'The room’s name, e.g. “Raum 1.01”.' }),
        site_name: z.string().max(100).meta({ description: 'The site’s name, e.g. “Hauptstelle”.' }),
      }),
    )
    .nullish()
    .meta({
      description:
        'A class of a school: member_id -> the room of the member’s lessons (at most 200); printed as “Raum 1.01, Hauptstelle” on the lesson’s tile and in the list. Other fields of an entry (id, site_id) are ignored; absent or null: no rooms.',
    }),
  teacherStart: z.number().int().min(0).max(95).nullish().meta({
    description:
      'First slot of the teacher’s times on any day: the PDF’s hours start at its full hour (never after the first lesson’s), the end of timeRange stays.',
  }),
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
        .nullish(),
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
  errors: {
    400: 'No lesson in the schedule, a bad day, time, member id, time range, students list, name, room or semester (German detail).',
    401: 'Not logged in.',
    403: 'Not a teacher.',
    413: "A body over 1 MB: 'Die Anfrage ist zu groß'.",
    500: "The PDF could not be made: 'PDF-Generierung fehlgeschlagen'.",
    503: 'Chromium is missing or the PDF renderer is busy (Retry-After: 5).',
  },
});
