import type { Server } from 'node:http';
import type { Express } from 'express';
import { createTokenVerifier, sessionMiddleware, type TokenVerifier } from './auth.js';
import { createPool, pingDatabase, type Pool } from './db.js';
import { createBus, EventConsumer, OutboxRelay, type EventBus } from './events/index.js';
import { EventRetention, forgetEventsOnDeletion } from './events/retention.js';
import { HealthState, startGrpcServer, stopGrpcServer, type GrpcServiceBinding, type grpc } from './grpc.js';
import { closeServer, createHttpApp, listen, runReadinessChecks, type ReadinessChecks } from './http.js';
import { Lifecycle, type RunningService } from './lifecycle.js';
import { createLogger, setLogLevel, type Logger } from './logger.js';
import { createMetrics, type ServiceMetrics } from './metrics.js';
import { DEFAULT_OUTBOX_RETENTION_HOURS, DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS } from './config.js';
import { migrateService } from './migrator.js';
import { createServiceTokenVerifier, parseServiceTokenKey, ServiceTokenSigner } from './service-token.js';
import { createStore, MemoryStore, type KeyValueStore } from './store.js';
import { storeChangeStamps, type ChangeStamps } from './change-stamps.js';
import { timeoutBudget, type TimeoutBudget } from './timeout-budget.js';

export interface KitConfig {
  LOG_LEVEL: string;
  DATABASE_URL: string;
  EVENT_BUS: 'memory' | 'kafka';
  KAFKA_BROKERS: string;
  STORE: 'memory' | 'redis';
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  AUTH_JWKS_URL: string;
  PORT: number;
  GRPC_PORT: number;
  DB_SCHEMA?: string;
  /** 0.0.0.0 in containers; 127.0.0.1 in embedded mode. */
  LISTEN_HOST: string;
  /** Shared key of the gRPC service tokens (base64). */
  SERVICE_TOKEN_KEY: string;
  /** Hours a published outbox row is kept (default 24). */
  OUTBOX_RETENTION_HOURS?: number;
  /** Days the record of a handled event is kept (default 14). */
  PROCESSED_EVENTS_RETENTION_DAYS?: number;
  /** `false`: no kept answers under change stamps (change-stamps.ts); default true. */
  KEPT_ANSWERS?: boolean;
  /** The gateway's limit for one request, from which every hop's share follows (timeout-budget.ts). */
  REQUEST_TIMEOUT_MS?: number;
}

export interface ServiceContext<C extends KitConfig = KitConfig> {
  name: string;
  cfg: C;
  log: Logger;
  metrics: ServiceMetrics;
  store: KeyValueStore;
  bus: EventBus;
  /** Present when the service owns a schema. */
  pool: Pool | undefined;
  relay: OutboxRelay | undefined;
  consumer: EventConsumer | undefined;
  /** Prunes old rows of the event tables (started with the service). */
  retention: EventRetention | undefined;
  verifyToken: TokenVerifier;
  lifecycle: Lifecycle;
  /** Signs the tokens of this service's outgoing gRPC calls (see createServiceClient). */
  serviceTokens: ServiceTokenSigner;
  /** Change stamps in the shared store (see change-stamps.ts). */
  stamps: ChangeStamps;
  /** Each hop's share of REQUEST_TIMEOUT_MS (e.g. `grpcCallMs` for the service's own gRPC calls). */
  timeouts: TimeoutBudget;
}

export interface ServiceDefinition<C extends KitConfig> {
  name: string;
  cfg: C;
  /** Folder of prisma/migrations; the service then owns cfg.DB_SCHEMA. */
  migrationsDir?: string;
  /** Override the verifier (tests with a local JWKS, or auth verifying its own keys). */
  verifyToken?: (ctx: Omit<ServiceContext<C>, 'verifyToken'>) => TokenVerifier;
  init?: (ctx: ServiceContext<C>) => Promise<void>;
  routes: (app: Express, ctx: ServiceContext<C>) => void;
  grpc?: (ctx: ServiceContext<C>) => GrpcServiceBinding[];
  consumers?: (ctx: ServiceContext<C>) => Promise<void>;
  readiness?: (ctx: ServiceContext<C>) => ReadinessChecks;
  jsonLimit?: string;
}

export interface StartedService<C extends KitConfig = KitConfig> extends RunningService {
  ctx: ServiceContext<C>;
  app: Express;
}

/**
 * Boots one service the same way in every mode: migrate, connect, subscribe, serve gRPC and HTTP.
 * Stop order is the reverse: HTTP, gRPC, consumers/relay, bus, store, pool.
 */
export async function startService<C extends KitConfig>(def: ServiceDefinition<C>): Promise<StartedService<C>> {
  setLogLevel(def.cfg.LOG_LEVEL);
  const log = createLogger(def.name);
  const lifecycle = new Lifecycle();
  const metrics = createMetrics(def.name);
  try {
    let pool: Pool | undefined;
    if (def.migrationsDir) {
      const schema = def.cfg.DB_SCHEMA;
      if (!schema) throw new Error(`${def.name}: DB_SCHEMA is required`);
      const applied = await migrateService(def.cfg.DATABASE_URL, schema, def.migrationsDir);
      if (applied.length) log.info({ applied }, 'migrations applied');
      pool = createPool(def.cfg.DATABASE_URL, schema);
      const p = pool;
      lifecycle.onStop('pool', () => p.end());
    }
    const store = await createStore(def.cfg);
    lifecycle.onStop('store', async () => {
      if (!(store instanceof MemoryStore)) await store.close();
    });
    const bus = createBus(def.cfg, def.name);
    lifecycle.onStop('bus', () => bus.stop());
    const serviceKey = parseServiceTokenKey(def.cfg.SERVICE_TOKEN_KEY);
    const serviceTokens = new ServiceTokenSigner(serviceKey, def.name);
    const relay = pool ? new OutboxRelay(pool, bus, log.child({ module: 'outbox' })) : undefined;
    const consumer = pool ? new EventConsumer(pool, bus, def.name, log.child({ module: 'consumer' })) : undefined;
    const retention = pool
      ? new EventRetention(pool, log.child({ module: 'event-retention' }), {
          outboxHours: def.cfg.OUTBOX_RETENTION_HOURS ?? DEFAULT_OUTBOX_RETENTION_HOURS,
          processedDays: def.cfg.PROCESSED_EVENTS_RETENTION_DAYS ?? DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS,
        })
      : undefined;
    const stamps = storeChangeStamps(store, log.child({ module: 'change-stamps' }), { keep: def.cfg.KEPT_ANSWERS ?? true });
    const timeouts = timeoutBudget(def.cfg.REQUEST_TIMEOUT_MS);
    const base = { name: def.name, cfg: def.cfg, log, metrics, store, bus, pool, relay, consumer, retention, lifecycle, serviceTokens, stamps, timeouts };
    const verifyToken = def.verifyToken ? def.verifyToken(base) : createTokenVerifier({ jwksUrl: def.cfg.AUTH_JWKS_URL, store });
    const ctx: ServiceContext<C> = { ...base, verifyToken };
    if (def.init) await def.init(ctx);
    if (def.consumers) await def.consumers(ctx);
    if (pool) await forgetEventsOnDeletion(bus, pool, def.name, log.child({ module: 'event-retention' }));
    await bus.start();
    if (relay) {
      relay.start();
      lifecycle.onStop('relay', () => relay.stop());
      metrics.setBacklogSource(() => relay.backlog());
    }
    if (retention) {
      retention.start();
      lifecycle.onStop('event-retention', () => retention.stop());
    }
    const health = new HealthState();
    const { server: grpcServer, port: grpcPort } = await startGrpcServer(
      def.cfg.GRPC_PORT,
      def.grpc ? def.grpc(ctx) : [],
      health,
      def.cfg.LISTEN_HOST,
      createServiceTokenVerifier(serviceKey, def.name),
    );
    lifecycle.onStop('grpc', () => stopGrpcServer(grpcServer as grpc.Server));
    const readiness: ReadinessChecks = {
      ...(pool ? { database: () => pingDatabase(pool) } : {}),
      store: () => store.ping(),
      ...(def.readiness ? def.readiness(ctx) : {}),
    };
    // gRPC health for READINESS_HEALTH_SERVICE answers what /readyz answers (the Helm readinessProbe).
    health.ready = async () => Object.values(await runReadinessChecks(readiness)).every(Boolean);
    const app = createHttpApp({
      name: def.name,
      log,
      metrics,
      readiness,
      jsonLimit: def.jsonLimit,
      before: [sessionMiddleware(verifyToken)],
      routes: (a) => def.routes(a, ctx),
    });
    const server: Server = await listen(app, def.cfg.PORT, def.cfg.LISTEN_HOST);
    lifecycle.onStop('http', () => closeServer(server));
    health.serving = true;
    const address = server.address();
    const httpPort = typeof address === 'object' && address ? address.port : def.cfg.PORT;
    return {
      name: def.name,
      httpPort,
      grpcPort,
      ctx,
      app,
      stop: async () => {
        health.serving = false;
        await lifecycle.stop(log);
      },
    };
  } catch (e) {
    await lifecycle.stop(log);
    throw e;
  }
}
