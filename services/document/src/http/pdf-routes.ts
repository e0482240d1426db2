import { AppError, assertTeacher, parseBody, type RequestMessages, type ServiceContext } from '@stundenplan/base';
import { documents } from '@stundenplan/contracts';
import type { Express } from 'express';
import type { Config } from '../config.js';
import { exportSchedulePdf, PDF_FAILED_DETAIL } from '../pdf/export-schedule-pdf.js';
import { PdfBusyError, PdfUnavailableError } from '../pdf/pdf-renderer.js';
import { pdfExportDeps } from '../pdf/pdf-service.js';
import { parseExportRequest, PDF_ERRORS } from '../pdf/schedule-payload.js';

/** The German text the payload's own check gives what was sent (in its order of checks), else `fallback`. */
function payloadRefusal(body: unknown, fallback: string): string {
  try {
    parseExportRequest(body);
  } catch (e) {
    if (e instanceof AppError && typeof e.detail === 'string') return e.detail;
  }
  return fallback;
}

/**
 * The texts of a body the contract refuses (docs/product/documents.md "PDF export"): what the payload check says of
 * it, so that a request answers as it always did; where only the contract refuses, the text of the first wrong field.
 */
function pdfMessages(body: unknown): RequestMessages {
  const text = (fallback: string) => () => payloadRefusal(body, fallback);
  return {
    '': text(PDF_ERRORS.emptySchedule),
    schedule: text(PDF_ERRORS.emptySchedule),
    timeRange: text(PDF_ERRORS.timeRangeInvalid),
    studentsList: text(PDF_ERRORS.studentsListInvalid),
    className: text(PDF_ERRORS.classNameInvalid),
    scheduleName: text(PDF_ERRORS.scheduleNameInvalid),
    semester: text(PDF_ERRORS.semesterInvalid),
    teacherStart: text(PDF_ERRORS.teacherStartInvalid),
  };
}

/** docs/product/api.md `POST export-pdf-alternative` (teachers only): the timetable as stundenplan.pdf. */
export function registerPdfRoutes(app: Express, ctx: ServiceContext<Config>): void {
  const deps = pdfExportDeps(ctx);
  app.post('/api/export-pdf-alternative', async (req, res) => {
    assertTeacher(req);
    const body = parseBody(documents.exportPdf, req, pdfMessages(req.body));
    let pdf: Buffer;
    try {
      pdf = await exportSchedulePdf(deps, body);
    } catch (err) {
      if (err instanceof AppError) throw err; // 400 with the German detail
      if (err instanceof PdfUnavailableError || err instanceof PdfBusyError) {
        res.status(503).setHeader('Retry-After', '5').json({ detail: err.message });
        return;
      }
      // Logged by the use case; the client sees the SPEC's text, never a stack.
      res.status(500).json({ detail: PDF_FAILED_DETAIL });
      return;
    }
    res
      .status(200)
      .setHeader('Content-Type', 'application/pdf')
      .setHeader('Content-Disposition', 'attachment; filename="stundenplan.pdf"')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Length', String(pdf.length))
      .end(pdf);
  });
}
