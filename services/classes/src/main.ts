import { fileURLToPath, pathToFileURL } from 'node:url';
import { ChangeScope, createLogger, mailBudgetCounter, runStandalone, startService, type StartedService } from '@stundenplan/base';
import { AvailabilityClient } from './clients/availability-client.js';
import { createSchoolClient } from './clients/school-client.js';
import { loadConfig, type Config } from './config.js';
import { ClassRetentionRepository } from './data/class-retention-repository.js';
import { createPrisma } from './data/prisma.js';
import { createDataAccess } from './data/repositories.js';
import { PersonalDataRepository } from './data/personal-data-repository.js';
import { startAutoReminders, type AutoReminderJob } from './domain/auto-reminders.js';
import { startClassRetention, type ClassRetentionJob } from './domain/class-retention.js';
import type { Deps } from './domain/context.js';
import { createReadCache } from './domain/read-cache.js';
import { registerUserHandlers } from './events/user-handlers.js';
import { classesGrpc } from './grpc/classes-server.js';
import { personalDataGrpc } from './grpc/personal-data-server.js';
import { registerRoutes } from './http/routes.js';

export interface ClassesService extends StartedService<Config> {
  /** The automatic-reminder job (tests run passes directly). */
  autoReminders: AutoReminderJob;
  /** The retention job of classes' data (tests run passes directly). */
  classRetention: ClassRetentionJob;
}

/** Starts the classes service; `opts.now` replaces the clock of the reminders (tests). */
export async function start(env?: Record<string, string | undefined>, opts: { now?: () => Date } = {}): Promise<ClassesService> {
  const cfg = loadConfig(env);
  let deps: Deps | undefined;
  let autoReminders: AutoReminderJob | undefined;
  let classRetention: ClassRetentionJob | undefined;
  const need = () => {
    if (!deps) throw new Error('classes: dependencies not initialised');
    return deps;
  };
  const svc = await startService({
    name: 'classes',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    init: async (ctx) => {
      const db = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      const availability = new AvailabilityClient(
        cfg.AVAILABILITY_SERVICE_ADDR,
        ctx.serviceTokens,
        ctx.log.child({ module: 'availability-client' }),
        ctx.timeouts.grpcCallMs,
      );
      ctx.lifecycle.onStop('prisma', () => db.$disconnect());
      ctx.lifecycle.onStop('availability-client', async () => availability.close());
      const school = createSchoolClient(cfg.SCHOOL_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      ctx.lifecycle.onStop('school-client', async () => school.close());
      deps = {
        data: createDataAccess(db, ctx.pool!, ctx.stamps),
        availability,
        school,
        reads: createReadCache(ctx.stamps),
        log: ctx.log,
        publicBaseUrl: cfg.PUBLIC_BASE_URL,
        kick: () => ctx.relay?.kick(),
        store: ctx.store,
        mailBudget: await mailBudgetCounter(cfg, ctx.store, ctx.pool!),
        mailBudgetPerDay: cfg.MAIL_BUDGET_PER_DAY,
        now: opts.now ?? (() => new Date()),
      };
      const job = startAutoReminders(deps, {
        intervalMs: cfg.AUTO_REMINDER_INTERVAL_MS,
        fromHour: cfg.AUTO_REMINDER_FROM_HOUR,
        schema: cfg.DB_SCHEMA!,
      });
      autoReminders = job;
      ctx.lifecycle.onStop('auto-reminders', () => job.stop());
      const retention = startClassRetention(
        {
          store: new ClassRetentionRepository(ctx.pool!, () => ctx.stamps.bump([ChangeScope.classes])),
          log: ctx.log,
          daysAfter: cfg.RETENTION_DAYS_AFTER_SEMESTER,
          now: deps.now,
          exclusively: deps.data.exclusively,
        },
        { intervalMs: cfg.RETENTION_INTERVAL_MS, schema: cfg.DB_SCHEMA! },
      );
      classRetention = retention;
      ctx.lifecycle.onStop('class-retention', () => retention.stop());
    },
    consumers: async (ctx) => registerUserHandlers(ctx.consumer!, need()),
    grpc: (ctx) => [classesGrpc(need(), ctx.log), personalDataGrpc(new PersonalDataRepository(ctx.pool!), ctx.log)],
    routes: (app, ctx) => registerRoutes(app, ctx, need()),
  });
  return { ...svc, autoReminders: autoReminders!, classRetention: classRetention! };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('classes', () => start(), createLogger('classes'));
}
