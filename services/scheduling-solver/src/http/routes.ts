import type { ServiceContext } from '@stundenplan/base';
import type { Express } from 'express';
import type { Config } from '../config.js';
import type { CalculateDeps } from '../domain/calculate.js';
import type { ScheduleDeps } from '../domain/schedules.js';
import type { SolverMetrics } from '../domain/solver-metrics.js';
import { registerCalculationRoutes } from './calculation-routes.js';
import { registerProgressRoutes } from './progress-routes.js';
import { registerScheduleRoutes } from './schedule-routes.js';

export interface RouteDeps {
  schedules: ScheduleDeps;
  calculate: CalculateDeps;
  metrics: SolverMetrics;
}

export function registerRoutes(app: Express, ctx: ServiceContext<Config>, deps: RouteDeps): void {
  registerScheduleRoutes(app, deps.schedules, deps.metrics);
  registerCalculationRoutes(app, deps.calculate);
  registerProgressRoutes(app, ctx.store, ctx.log, ctx.cfg.PROGRESS_HEARTBEAT_MS);
}
