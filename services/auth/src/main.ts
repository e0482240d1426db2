import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, runStandalone, setLogLevel, startService, withSessionLock, type ServiceContext, type StartedService } from '@stundenplan/base';
import { createClassesClient } from './clients/classes-client.js';
import { createMailLimitClient } from './clients/mail-limit-client.js';
import { createPersonalDataSources, type PersonalDataSources } from './clients/personal-data-clients.js';
import { loadConfig, type Config } from './config.js';
import { AccountRetentionRepository } from './data/account-retention-repository.js';
import { InstitutionRepository, readInstitutionsFile } from './data/institution-repository.js';
import { AccountDataRepository } from './data/personal-data-repository.js';
import { createPrisma, type PrismaClient } from './data/prisma.js';
import { SessionRepository } from './data/session-repository.js';
import { loadSigningKey } from './data/signing-key.js';
import { UserRepository } from './data/user-repository.js';
import { startAccountRetention, type AccountRetentionJob } from './domain/account-retention.js';
import type { AuthDeps } from './domain/deps.js';
import { OidcClient, oidcSettings } from './domain/oidc.js';
import { dummyPasswordHash } from './domain/passwords.js';
import { SessionTokens } from './domain/session-tokens.js';
import { registerExportRoutes } from './http/export-routes.js';
import { accountsGrpc } from './grpc/accounts-server.js';
import { registerRoutes } from './http/routes.js';

export type AuthService = StartedService<Config> & { deps: AuthDeps; accountRetention: AccountRetentionJob };

export async function start(env?: Record<string, string | undefined>, opts: { now?: () => Date } = {}): Promise<AuthService> {
  const cfg = loadConfig(env);
  setLogLevel(cfg.LOG_LEVEL);
  const key = await loadSigningKey({ pem: cfg.AUTH_JWT_PRIVATE_KEY, file: cfg.AUTH_KEY_FILE }, createLogger('auth'));
  let sessions: SessionTokens | undefined;
  let prisma: PrismaClient | undefined;
  let deps: AuthDeps | undefined;
  let personalData: PersonalDataSources | undefined;
  let accountRetention: AccountRetentionJob | undefined;
  const need = (): AuthDeps => {
    if (!deps) throw new Error('auth: dependencies not initialised');
    return deps;
  };
  const svc = await startService({
    name: 'auth',
    cfg,
    migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
    // Auth verifies its own tokens with its own public key (its JWKS URL is not up yet while it starts)
    // and asks its own sessions table whether a session is still active.
    verifyToken: (ctx) => {
      prisma = createPrisma(ctx.pool!, cfg.DB_SCHEMA!);
      const p = prisma;
      ctx.lifecycle.onStop('prisma', () => p.$disconnect());
      sessions = new SessionTokens(key, ctx.store, new SessionRepository(prisma), cfg.SESSION_TTL_SECONDS);
      return sessions.verify;
    },
    init: async (ctx: ServiceContext<Config>) => {
      const db = prisma!;
      await dummyPasswordHash(); // made once now, so the first unknown-address login costs what later ones do
      const institutions = new InstitutionRepository(db);
      const seeded = await institutions.seed(await readInstitutionsFile(cfg.INSTITUTIONS_FILE));
      ctx.log.info({ seeded, file: cfg.INSTITUTIONS_FILE, keySource: key.source, kid: key.publicJwk.kid }, 'institutions seeded');
      const classes = createClassesClient(cfg.CLASSES_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      ctx.lifecycle.onStop('classes-client', async () => classes.close());
      const sources = createPersonalDataSources(
        {
          classes: cfg.CLASSES_SERVICE_ADDR,
          availability: cfg.AVAILABILITY_SERVICE_ADDR,
          notification: cfg.NOTIFICATION_SERVICE_ADDR,
          school: cfg.SCHOOL_SERVICE_ADDR,
        },
        ctx.serviceTokens,
        ctx.timeouts.grpcCallMs,
      );
      personalData = sources;
      const mailLimit = createMailLimitClient(cfg.NOTIFICATION_SERVICE_ADDR, ctx.serviceTokens, ctx.timeouts.grpcCallMs);
      ctx.lifecycle.onStop('mail-limit-client', async () => mailLimit.close());
      ctx.lifecycle.onStop('personal-data-clients', async () => sources.close());
      const pool = ctx.pool!;
      const retention = startAccountRetention(
        {
          store: new AccountRetentionRepository(pool),
          log: ctx.log,
          months: cfg.ACCOUNT_RETENTION_MONTHS,
          publicBaseUrl: cfg.PUBLIC_BASE_URL,
          now: opts.now ?? (() => new Date()),
          revokeUser: (userId) => sessions!.markUserRevoked(userId),
          kickOutbox: () => ctx.relay?.kick(),
          exclusively: (key, work) => withSessionLock(pool, key, work),
        },
        { intervalMs: cfg.ACCOUNT_RETENTION_INTERVAL_MS, schema: cfg.DB_SCHEMA! },
      );
      accountRetention = retention;
      ctx.lifecycle.onStop('account-retention', () => retention.stop());
      deps = {
        cfg,
        log: ctx.log,
        users: new UserRepository(db),
        institutions,
        classes,
        sessions: sessions!,
        store: ctx.store,
        oidc: oidcSettings(cfg) ? new OidcClient(oidcSettings(cfg)!, ctx.log) : null,
        mailLimit,
        kickOutbox: () => ctx.relay?.kick(),
      };
    },
    grpc: (ctx) => [accountsGrpc(need(), ctx.log)],
    routes: (app, ctx) => {
      registerRoutes(app, need());
      registerExportRoutes(app, { accounts: new AccountDataRepository(ctx.pool!), sources: personalData!, log: ctx.log });
    },
  });
  return Object.assign(svc, { deps: need(), accountRetention: accountRetention! });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('auth', () => start(), createLogger('auth'));
}
