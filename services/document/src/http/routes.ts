import type { ServiceContext } from '@stundenplan/base';
import type { Express } from 'express';
import type { Config } from '../config.js';
import { registerCsvRoutes } from './csv-routes.js';
import { registerPdfRoutes } from './pdf-routes.js';

export function registerRoutes(app: Express, ctx: ServiceContext<Config>): void {
  registerPdfRoutes(app, ctx);
  registerCsvRoutes(app);
}
