import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, runStandalone, startService, type StartedService } from '@stundenplan/base';
import { createAccountsClient } from './clients/accounts-client.js';
import { createClassesClient } from './clients/classes-client.js';
import { loadConfig, type Config } from './config.js';
import { BookingRepository } from './data/booking-repository.js';
import { PersonalDataRepository } from './data/personal-data-repository.js';
import { createPrisma } from './data/prisma.js';
import { RoomRepository } from './data/room-repository.js';
import { SchoolRepository } from './data/school-repository.js';
import { SiteRepository } from './data/site-repository.js';
import type { Deps } from './domain/deps.js';
import { registerConsumers } from './events/consumers.js';
import { personalDataGrpc } from './grpc/personal-data-server.js';
import { schoolGrpc } from './grpc/school-server.js';
import { registerRoutes } from './http/routes.js';

export type SchoolService = StartedService<Config>;

/**
 * Starts the school service: schools, their administrators, sites, travel times, rooms and room bookings (docs/adr/0032,
 * 0033), and its part of a person's copy of their data (PersonalDataService).
 */
export async function start(env?: Record<string, string | undefined>): Promise<SchoolService> {
  const cfg = loadConfig(env);
  let deps: Deps | undefined;
  let personal: PersonalDataRepository | undefined;
  const need = () => {
    if (!deps) throw new Error('school: dependencies not initialised');
    return deps;
  };
  return startService({
    name: 'school',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    init: async (ctx) => {
      const db = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      const accounts = createAccountsClient(cfg.AUTH_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      const classes = createClassesClient(cfg.CLASSES_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      ctx.lifecycle.onStop('prisma', () => db.$disconnect());
      personal = new PersonalDataRepository(db);
      ctx.lifecycle.onStop('accounts-client', async () => accounts.close());
      ctx.lifecycle.onStop('classes-client', async () => classes.close());
      deps = {
        schools: new SchoolRepository(db),
        sites: new SiteRepository(db),
        rooms: new RoomRepository(db),
        bookings: new BookingRepository(db),
        accounts,
        classes,
        log: ctx.log,
      };
    },
    consumers: (ctx) => registerConsumers(ctx.consumer!, need()),
    grpc: (ctx) => [schoolGrpc(need(), ctx.log), personalDataGrpc(personal!, ctx.log)],
    routes: (app) => registerRoutes(app, need()),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('school', () => start(), createLogger('school'));
}
