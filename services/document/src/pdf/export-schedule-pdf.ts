/**
 * Use case: export payload -> PDF bytes (the HTTP route).
 * Throws AppError 400 for invalid payloads, PdfUnavailableError / PdfBusyError when no render can
 * run, PdfRenderError (already logged, cause included) when Chromium fails.
 */
import type { Logger } from '@stundenplan/base';
import { PdfBusyError, PdfRenderError, PdfUnavailableError, type PdfRenderer } from './pdf-renderer.js';
import { parseExportRequest } from './schedule-payload.js';
import { renderScheduleHtml } from './schedule-template.js';
import { buildScheduleView } from './schedule-view.js';

/** docs/product/errors.md "Schedules and export". */
export const PDF_FAILED_DETAIL = 'PDF-Generierung fehlgeschlagen';

export interface PdfExportDeps {
  renderer: PdfRenderer;
  log: Logger;
  now?: () => Date;
}

/** The HTML the PDF is printed from (validation included); exposed for previews and tests. */
function scheduleHtml(body: unknown, now: Date = new Date()): string {
  return renderScheduleHtml(buildScheduleView(parseExportRequest(body), { now }));
}

export async function exportSchedulePdf(deps: PdfExportDeps, body: unknown): Promise<Buffer> {
  const html = scheduleHtml(body, deps.now?.() ?? new Date());
  const started = Date.now();
  try {
    const pdf = await deps.renderer.render(html);
    deps.log.debug({ bytes: pdf.length, ms: Date.now() - started }, 'schedule pdf rendered');
    return pdf;
  } catch (err) {
    if (err instanceof PdfUnavailableError || err instanceof PdfBusyError) {
      deps.log.warn({ reason: err.message }, 'schedule pdf not rendered');
      throw err;
    }
    deps.log.error({ err, ms: Date.now() - started }, 'schedule pdf rendering failed');
    throw err instanceof PdfRenderError ? err : new PdfRenderError('render failed', { cause: err });
  }
}
