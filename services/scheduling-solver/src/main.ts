import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, runStandalone, startService, type StartedService } from '@stundenplan/base';
import { createAvailabilityClient } from './clients/availability-client.js';
import { createClassesClient } from './clients/classes-client.js';
import { createSchoolClient } from './clients/school-client.js';
import { loadConfig, type Config } from './config.js';
import { createPrisma } from './data/prisma.js';
import { ScheduleRepository } from './data/schedule-repository.js';
import { SolveRunRepository } from './data/solve-run-repository.js';
import { createSolverMetrics } from './domain/solver-metrics.js';
import { registerConsumers } from './events/consumers.js';
import { schedulingGrpc } from './grpc/scheduling-server.js';
import { registerRoutes, type RouteDeps } from './http/routes.js';
import { createSolver } from './solver-adapter.js';

export async function start(env?: Record<string, string | undefined>): Promise<StartedService<Config>> {
  const cfg = loadConfig(env);
  let deps: (RouteDeps & { repo: ScheduleRepository; runs: SolveRunRepository }) | undefined;
  const need = () => {
    if (!deps) throw new Error('scheduling-solver: init did not run');
    return deps;
  };
  return startService({
    name: 'scheduling-solver',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    init: async (ctx) => {
      const prisma = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      ctx.lifecycle.onStop('prisma', () => prisma.$disconnect());
      const classes = createClassesClient(cfg.CLASSES_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      const availability = createAvailabilityClient(cfg.AVAILABILITY_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      const school = createSchoolClient(cfg.SCHOOL_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      ctx.lifecycle.onStop('grpc-clients', async () => {
        classes.close();
        availability.close();
        school.close();
      });
      const solver = createSolver(
        { size: cfg.SOLVER_POOL_SIZE, timeLimitS: cfg.SOLVER_TIME_LIMIT_S, hardStopMs: ctx.timeouts.solverMs },
        ctx.log.child({ module: 'solver' }),
      );
      ctx.lifecycle.onStop('solver', () => solver.close());
      const metrics = createSolverMetrics(ctx.metrics.registry);
      const repo = new ScheduleRepository(prisma);
      const runs = new SolveRunRepository(prisma);
      deps = {
        repo,
        runs,
        metrics,
        schedules: { classes, school, schedules: repo, log: ctx.log, kick: () => ctx.relay?.kick() },
        calculate: {
          classes,
          availability,
          school,
          solver,
          runs,
          schedules: repo,
          store: ctx.store,
          metrics,
          log: ctx.log,
          timeLimitS: cfg.SOLVER_TIME_LIMIT_S,
          solveDeadlineMs: ctx.timeouts.serviceMs,
        },
      };
    },
    consumers: async (ctx) => registerConsumers(ctx.consumer!, ctx.log.child({ module: 'events' }), need().repo, need().runs),
    grpc: (ctx) => [schedulingGrpc(ctx.log, need().repo, need().calculate, need().schedules)],
    routes: (app, ctx) => registerRoutes(app, ctx, need()),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('scheduling-solver', () => start(), createLogger('scheduling-solver'));
}
