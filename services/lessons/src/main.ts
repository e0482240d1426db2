import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, runStandalone, startService, type ServiceContext, type StartedService } from '@stundenplan/base';
import { loadConfig, type Config } from './config.js';
import { PlanRepository } from './data/plan-repository.js';
import { createPrisma } from './data/prisma.js';
import type { LessonsDeps } from './domain/deps.js';
import { registerConsumers } from './events/consumers.js';
import { registerRoutes } from './http/routes.js';

export type LessonsService = StartedService<Config> & { deps: LessonsDeps };

export async function start(env?: Record<string, string | undefined>): Promise<LessonsService> {
  const cfg = loadConfig(env);
  let deps: LessonsDeps | undefined;
  const need = (): LessonsDeps => {
    if (!deps) throw new Error('lessons: dependencies not initialised');
    return deps;
  };
  const svc = await startService({
    name: 'lessons',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    init: async (ctx: ServiceContext<Config>) => {
      const prisma = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      ctx.lifecycle.onStop('prisma', () => prisma.$disconnect());
      deps = { cfg, log: ctx.log, plans: new PlanRepository(prisma) };
    },
    consumers: (ctx) => registerConsumers(ctx.consumer!, need()),
    routes: (app) => registerRoutes(app, need()),
  });
  return Object.assign(svc, { deps: need() });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('lessons', () => start(), createLogger('lessons'));
}
