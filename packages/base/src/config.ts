import { z } from 'zod';
import { parseServiceTokenKey } from './service-token.js';
import { REDIS_KEY_PREFIX_RE } from './store.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './timeout-budget.js';

export const DEFAULT_OUTBOX_RETENTION_HOURS = 24;
export const DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS = 14;

/** Settings every service reads. Defaults are the embedded-mode values. */
export const baseConfigShape = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:15432/stundenplan'),
  EVENT_BUS: z.enum(['memory', 'kafka']).default('memory'),
  KAFKA_BROKERS: z.string().default(''),
  STORE: z.enum(['memory', 'redis']).default('memory'),
  REDIS_URL: z.string().default(''),
  /** Put before every Redis key and channel: deployments (and test runs) sharing one Redis stay apart. */
  REDIS_KEY_PREFIX: z.string().regex(REDIS_KEY_PREFIX_RE, 'letters, digits and _ . : - only, ending in one of . : _ - (e.g. `stundenplan:`)').default(''),
  AUTH_JWKS_URL: z.string().default('http://127.0.0.1:8081/.well-known/jwks.json'),
  PUBLIC_BASE_URL: z.string().default('http://localhost:8080'),
  /** The gateway's limit for one request; every inner timeout is derived from it (timeout-budget.ts). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_REQUEST_TIMEOUT_MS),
  /**
   * `false`: services answer without kept answers (change-stamps.ts, docs/adr): every class list, member list and
   * a student's classes and windows are built anew. Default `true`.
   */
  KEPT_ANSWERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Published outbox rows (their payloads carry names, e-mails and mail texts) are deleted after this many hours. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().positive().default(DEFAULT_OUTBOX_RETENTION_HOURS),
  /** Records of handled events (idempotency) are deleted after this many days: keep it above the broker's topic retention. */
  PROCESSED_EVENTS_RETENTION_DAYS: z.coerce.number().int().positive().default(DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS),
};

export const portSchema = z.coerce.number().int().min(0).max(65535);

/** An interface address to listen on (IPv4, IPv6 or a host name). */
export const listenHostSchema = z
  .string()
  .trim()
  .regex(/^[\w.:-]+$/, 'must be an address such as 127.0.0.1 or 0.0.0.0');

const serviceTokenKeySchema = z
  .string({ error: 'SERVICE_TOKEN_KEY is required (base64 of at least 32 random bytes, e.g. `openssl rand -base64 32`)' })
  .superRefine((v, ctx) => {
    try {
      parseServiceTokenKey(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  });

export class ConfigError extends Error {}

/**
 * Parse an env object with a zod schema once and freeze the result.
 * Fails fast with every problem listed; distributed mode's required keys are checked too.
 */
export function parseConfig<S extends z.ZodRawShape>(shape: S, env: Record<string, string | undefined>): Readonly<z.infer<z.ZodObject<S>>> {
  const res = z.object(shape).safeParse(env);
  if (!res.success) {
    const issues = res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${issues}`);
  }
  const cfg = res.data as Record<string, unknown>;
  if (cfg.EVENT_BUS === 'kafka' && !cfg.KAFKA_BROKERS) throw new ConfigError('KAFKA_BROKERS is required when EVENT_BUS=kafka');
  if (cfg.STORE === 'redis' && !cfg.REDIS_URL) throw new ConfigError('REDIS_URL is required when STORE=redis');
  return Object.freeze(res.data) as Readonly<z.infer<z.ZodObject<S>>>;
}

/** Settings of a service that serves HTTP + gRPC and may own a schema. */
export function serviceConfigShape(defaults: { port: number; grpcPort: number; schema?: string }) {
  return {
    ...baseConfigShape,
    PORT: portSchema.default(defaults.port),
    GRPC_PORT: portSchema.default(defaults.grpcPort),
    /** Address the HTTP and gRPC ports listen on: every interface in containers, 127.0.0.1 in embedded mode. */
    LISTEN_HOST: listenHostSchema.default('0.0.0.0'),
    /** Shared key of the gRPC service tokens (base64, >= 32 bytes); required in every mode. */
    SERVICE_TOKEN_KEY: serviceTokenKeySchema,
    DB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .optional()
      .transform((v): string | undefined => v ?? defaults.schema),
  };
}

/** gRPC address of another service (`<NAME>_SERVICE_ADDR`). */
export const serviceAddr = (port: number) => z.string().default(`127.0.0.1:${port}`);
