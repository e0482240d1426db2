import { pathToFileURL } from 'node:url';
import { createLogger, runStandalone, startService, type StartedService } from '@stundenplan/base';
import { loadConfig, type Config } from './config.js';
import { registerRoutes } from './http/routes.js';
import { pdfExportDeps } from './pdf/pdf-service.js';

export async function start(env?: Record<string, string | undefined>): Promise<StartedService<Config>> {
  const cfg = loadConfig(env);
  return startService({
    name: 'document',
    cfg,
    jsonLimit: '1mb',
    // Creates the PDF renderer (Chromium itself starts on the first export) and registers its
    // shutdown before the servers', so it is closed after them.
    init: async (ctx) => {
      pdfExportDeps(ctx);
    },
    routes: (app, ctx) => registerRoutes(app, ctx),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('document', () => start(), createLogger('document'));
}
