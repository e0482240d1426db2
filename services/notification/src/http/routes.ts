import type { Express } from 'express';
import { devMailEnabled } from '../config.js';
import type { NotificationDeps } from '../domain/deps.js';
import { registerCalendarRoutes } from './calendar-routes.js';
import { registerCancellationRoutes } from './cancellation-routes.js';
import { registerContactRoutes } from './contact-routes.js';
import { registerDevMailRoutes } from './dev-mail-routes.js';
import { registerLessonsRoutes } from './lessons-routes.js';
import { registerMakeupRoutes } from './makeup-routes.js';
import { registerSendScheduleRoutes } from './send-schedule-routes.js';
import { registerSwapRoutes } from './swap-routes.js';

export function registerRoutes(app: Express, deps: NotificationDeps): void {
  registerContactRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerLessonsRoutes(app, deps);
  registerMakeupRoutes(app, deps);
  registerCancellationRoutes(app, deps);
  registerSendScheduleRoutes(app, deps);
  registerSwapRoutes(app, deps);
  if (devMailEnabled(deps.cfg)) registerDevMailRoutes(app, deps);
}
