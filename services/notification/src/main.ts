import { fileURLToPath, pathToFileURL } from 'node:url';
import { addDays, berlinToday } from '@stundenplan/timegrid';
import { createLogger, mailBudgetCounter, revokedUserKey, runStandalone, startService, type ServiceContext, type StartedService } from '@stundenplan/base';
import { createAvailabilityClient } from './clients/availability-client.js';
import { createClassesClient } from './clients/classes-client.js';
import { createSchedulingClient } from './clients/scheduling-client.js';
import { loadConfig, type Config } from './config.js';
import { CalendarTokenRepository } from './data/calendar-token-repository.js';
import { ContactRepository } from './data/contact-repository.js';
import { ErasureRepository } from './data/erasure-repository.js';
import { MailRepository } from './data/mail-repository.js';
import { MakeupRepository } from './data/makeup-repository.js';
import { PersonalNotificationRepository } from './data/personal-data-repository.js';
import { createPrisma } from './data/prisma.js';
import { RecipientCountRepository } from './data/recipient-count-repository.js';
import { SendingRepository } from './data/sending-repository.js';
import { SwapRepository } from './data/swap-repository.js';
import type { NotificationDeps } from './domain/deps.js';
import { registerConsumers } from './events/consumers.js';
import { mailLimitGrpc } from './grpc/mail-limit-server.js';
import { personalDataGrpc } from './grpc/personal-data-server.js';
import { registerRoutes } from './http/routes.js';
import type { Mailer } from './mail/mailer.js';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { SesMailer } from './mail/ses-mailer.js';

export type NotificationService = StartedService<Config> & { deps: NotificationDeps };

function createMailer(cfg: Config): Mailer {
  if (cfg.MAIL_TRANSPORT === 'ses') {
    return new SesMailer({
      region: cfg.SES_REGION,
      endpoint: cfg.SES_ENDPOINT,
      // An emulator takes any credentials; real SES uses the AWS default provider chain.
      credentials: cfg.SES_ENDPOINT && !cfg.AWS_ACCESS_KEY_ID ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    });
  }
  return new OutboxMailer();
}

export async function start(env?: Record<string, string | undefined>): Promise<NotificationService> {
  const cfg = loadConfig(env);
  let deps: NotificationDeps | undefined;
  const need = (): NotificationDeps => {
    if (!deps) throw new Error('notification: dependencies not initialised');
    return deps;
  };
  const svc = await startService({
    name: 'notification',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    init: async (ctx: ServiceContext<Config>) => {
      const prisma = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      ctx.lifecycle.onStop('prisma', () => prisma.$disconnect());
      const mailer = createMailer(cfg);
      ctx.lifecycle.onStop('mailer', async () => mailer.close());
      ctx.log.info({ transport: mailer.transport }, 'mail transport');
      // Each gRPC call gets its share of the request's time budget (REQUEST_TIMEOUT_MS).
      const { grpcCallMs } = ctx.timeouts;
      const classes = createClassesClient(cfg.CLASSES_SERVICE_ADDR, ctx.serviceTokens, grpcCallMs);
      ctx.lifecycle.onStop('classes-client', async () => classes.close());
      const scheduling = createSchedulingClient(cfg.SCHEDULING_SOLVER_SERVICE_ADDR, ctx.serviceTokens, grpcCallMs);
      ctx.lifecycle.onStop('scheduling-client', async () => scheduling.close());
      const availability = createAvailabilityClient(cfg.AVAILABILITY_SERVICE_ADDR, ctx.serviceTokens, grpcCallMs);
      ctx.lifecycle.onStop('availability-client', async () => availability.close());
      deps = {
        cfg,
        log: ctx.log,
        mails: new MailRepository(prisma),
        calendarTokens: new CalendarTokenRepository(prisma),
        contacts: new ContactRepository(prisma),
        sendings: new SendingRepository(prisma),
        swaps: new SwapRepository(prisma),
        makeups: new MakeupRepository(prisma),
        erasure: new ErasureRepository(prisma),
        availability,
        classes,
        scheduling,
        mailer,
        kickOutbox: () => ctx.relay?.kick(),
        sessionsEndedAt: async (userId) => {
          const stamp = Number(await ctx.store.get(revokedUserKey(userId)));
          return Number.isFinite(stamp) && stamp > 0 ? stamp : null;
        },
        mailBudget: await mailBudgetCounter(cfg, ctx.store, ctx.pool!),
        recipientCounts: new RecipientCountRepository(ctx.pool!),
      };
      // Retention of the counts per recipient: today's and yesterday's stay (docs/privacy/loeschkonzept.md).
      const recipientCounts = deps.recipientCounts;
      const prune = () =>
        void recipientCounts
          .prune(addDays(berlinToday(), -1))
          .catch((e: unknown) => ctx.log.warn({ err: (e as Error).message }, 'pruning recipient counts failed'));
      prune();
      const pruneTimer = setInterval(prune, 3600_000);
      pruneTimer.unref();
      ctx.lifecycle.onStop('recipient-count-retention', async () => clearInterval(pruneTimer));
    },
    consumers: (ctx) => registerConsumers(ctx.consumer!, need()),
    grpc: (ctx) => [personalDataGrpc(need, new PersonalNotificationRepository(ctx.pool!), ctx.log), mailLimitGrpc(need, ctx.log)],
    routes: (app) => registerRoutes(app, need()),
  });
  return Object.assign(svc, { deps: need() });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('notification', () => start(), createLogger('notification'));
}
