import type { Express } from 'express';
import type { AvailabilityDeps } from '../domain/deps.js';
import { registerCalendarImportRoutes } from './calendar-import-routes.js';
import { registerClassRoutes } from './class-routes.js';
import { registerMeRoutes } from './me-routes.js';

export function registerRoutes(app: Express, deps: AvailabilityDeps): void {
  registerMeRoutes(app, deps);
  registerClassRoutes(app, deps);
  registerCalendarImportRoutes(app, deps);
}
