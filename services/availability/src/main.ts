import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, runStandalone, startService, type ServiceContext, type StartedService } from '@stundenplan/base';
import { createClassesClient } from './clients/classes-client.js';
import { withKeptMemberships } from './clients/kept-memberships.js';
import { loadConfig, type Config } from './config.js';
import { PersonalTimesRepository } from './data/personal-data-repository.js';
import { createPrisma } from './data/prisma.js';
import { TimesRepository } from './data/times-repository.js';
import type { AvailabilityDeps } from './domain/deps.js';
import { CALENDAR_MAX_BYTES } from './domain/import-calendar.js';
import { registerConsumers } from './events/consumers.js';
import { availabilityGrpc } from './grpc/availability-server.js';
import { personalDataGrpc } from './grpc/personal-data-server.js';
import { registerRoutes } from './http/routes.js';

export type AvailabilityService = StartedService<Config> & { deps: AvailabilityDeps };

export async function start(env?: Record<string, string | undefined>): Promise<AvailabilityService> {
  const cfg = loadConfig(env);
  let deps: AvailabilityDeps | undefined;
  const need = (): AvailabilityDeps => {
    if (!deps) throw new Error('availability: dependencies not initialised');
    return deps;
  };
  const svc = await startService({
    name: 'availability',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    init: async (ctx: ServiceContext<Config>) => {
      const prisma = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      ctx.lifecycle.onStop('prisma', () => prisma.$disconnect());
      const client = createClassesClient(cfg.CLASSES_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      ctx.lifecycle.onStop('classes-client', async () => client.close());
      const classes = withKeptMemberships(client, ctx.stamps);
      const calendarFetch = {
        allowHosts: cfg.CALENDAR_IMPORT_ALLOW_HOSTS,
        extraCa: cfg.CALENDAR_IMPORT_CA_FILE ? readFileSync(cfg.CALENDAR_IMPORT_CA_FILE, 'utf8') : undefined,
        timeoutMs: 5000,
        maxBytes: CALENDAR_MAX_BYTES,
        maxRedirects: 3,
      };
      deps = { repo: new TimesRepository(prisma, ctx.pool!, ctx.stamps), classes, kickOutbox: () => ctx.relay?.kick(), log: ctx.log, calendarFetch };
    },
    consumers: (ctx) => registerConsumers(ctx.consumer!, need()),
    grpc: (ctx) => [availabilityGrpc(need(), ctx.log.child({ module: 'grpc' })), personalDataGrpc(new PersonalTimesRepository(ctx.pool!), ctx.log)],
    routes: (app) => registerRoutes(app, need()),
  });
  return Object.assign(svc, { deps: need() });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('availability', () => start(), createLogger('availability'));
}
