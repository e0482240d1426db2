/**
 * One PdfRenderer per running service, shared by the HTTP routes and closed
 * with the service (lifecycle.onStop). Keyed by the service context, so routes.ts needs only
 * `registerPdfRoutes(app, ctx)`.
 */
import type { ServiceContext } from '@stundenplan/base';
import type { Config } from '../config.js';
import type { PdfExportDeps } from './export-schedule-pdf.js';
import { PdfRenderer } from './pdf-renderer.js';

const perService = new WeakMap<object, PdfExportDeps>();

export function pdfExportDeps(ctx: ServiceContext<Config>): PdfExportDeps {
  let deps = perService.get(ctx);
  if (!deps) {
    const log = ctx.log.child({ module: 'pdf' });
    const renderer = new PdfRenderer({ log, chromePath: ctx.cfg.CHROME_PATH, maxConcurrent: ctx.cfg.PDF_MAX_CONCURRENCY });
    ctx.lifecycle.onStop('pdf-renderer', () => renderer.close());
    const path = renderer.chromePath();
    if (path) log.info({ chromePath: path }, 'pdf export uses chromium (launched on first use)');
    else log.warn({ configured: ctx.cfg.CHROME_PATH ?? null }, 'no chromium found: pdf export answers 503 until one is installed');
    deps = { renderer, log };
    perService.set(ctx, deps);
  }
  return deps;
}
