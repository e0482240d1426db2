import { AppError, assertTeacher, type ServiceContext } from '@stundenplan/base';
import type { Express } from 'express';
import type { Config } from '../config.js';
import { exportSchedulePdf, PDF_FAILED_DETAIL } from '../pdf/export-schedule-pdf.js';
import { PdfBusyError, PdfUnavailableError } from '../pdf/pdf-renderer.js';
import { pdfExportDeps } from '../pdf/pdf-service.js';

/** docs/product/api.md `POST export-pdf-alternative` (teachers only): the timetable as stundenplan.pdf. */
export function registerPdfRoutes(app: Express, ctx: ServiceContext<Config>): void {
  const deps = pdfExportDeps(ctx);
  app.post('/api/export-pdf-alternative', async (req, res) => {
    assertTeacher(req);
    let pdf: Buffer;
    try {
      pdf = await exportSchedulePdf(deps, req.body);
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
