import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, baseConfigShape, parseConfig, portSchema, serviceAddr, serviceConfigShape } from './config.js';

const shape = { ...baseConfigShape, PORT: portSchema.default(8082), GRPC_PORT: portSchema.default(50052), DB_SCHEMA: z.string().default('classes') };

describe('parseConfig', () => {
  it('fills the embedded-mode defaults for an empty environment', () => {
    const cfg = parseConfig(shape, {});

    expect(cfg).toEqual({
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:15432/stundenplan',
      EVENT_BUS: 'memory',
      KAFKA_BROKERS: '',
      STORE: 'memory',
      REDIS_URL: '',
      REDIS_KEY_PREFIX: '',
      AUTH_JWKS_URL: 'http://127.0.0.1:8081/.well-known/jwks.json',
      PUBLIC_BASE_URL: 'http://localhost:8080',
      REQUEST_TIMEOUT_MS: 25000,
      KEPT_ANSWERS: true,
      OUTBOX_RETENTION_HOURS: 24,
      PROCESSED_EVENTS_RETENTION_DAYS: 14,
      PORT: 8082,
      GRPC_PORT: 50052,
      DB_SCHEMA: 'classes',
    });
  });

  it('takes values from the environment and coerces ports to numbers', () => {
    const cfg = parseConfig(shape, { PORT: '0', GRPC_PORT: '6000', LOG_LEVEL: 'debug', DATABASE_URL: 'postgresql://x@db/y' });

    expect(cfg.PORT).toBe(0);
    expect(cfg.GRPC_PORT).toBe(6000);
    expect(cfg.LOG_LEVEL).toBe('debug');
    expect(cfg.DATABASE_URL).toBe('postgresql://x@db/y');
  });

  it('returns a frozen object', () => {
    const cfg = parseConfig(shape, {});

    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it('fails fast listing every invalid key at once', () => {
    const run = () => parseConfig(shape, { LOG_LEVEL: 'loud', PORT: 'achtzig', EVENT_BUS: 'rabbit' });

    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/^invalid configuration: /);
    expect(run).toThrow(/LOG_LEVEL: /);
    expect(run).toThrow(/PORT: /);
    expect(run).toThrow(/EVENT_BUS: /);
  });

  it('takes the retention windows of the event tables as whole positive numbers', () => {
    expect(parseConfig(shape, { OUTBOX_RETENTION_HOURS: '2', PROCESSED_EVENTS_RETENTION_DAYS: '30' })).toMatchObject({
      OUTBOX_RETENTION_HOURS: 2,
      PROCESSED_EVENTS_RETENTION_DAYS: 30,
    });
    expect(() => parseConfig(shape, { OUTBOX_RETENTION_HOURS: '0' })).toThrow(/OUTBOX_RETENTION_HOURS: /);
    expect(() => parseConfig(shape, { PROCESSED_EVENTS_RETENTION_DAYS: 'immer' })).toThrow(/PROCESSED_EVENTS_RETENTION_DAYS: /);
  });

  it('refuses a port outside 0..65535', () => {
    expect(() => parseConfig(shape, { PORT: '70000' })).toThrow(/PORT: /);
    expect(() => parseConfig(shape, { PORT: '-1' })).toThrow(/PORT: /);
  });

  it('requires KAFKA_BROKERS when EVENT_BUS=kafka', () => {
    expect(() => parseConfig(shape, { EVENT_BUS: 'kafka' })).toThrow(new ConfigError('KAFKA_BROKERS is required when EVENT_BUS=kafka'));

    expect(parseConfig(shape, { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka:9092' }).KAFKA_BROKERS).toBe('kafka:9092');
  });

  it('requires REDIS_URL when STORE=redis', () => {
    expect(() => parseConfig(shape, { STORE: 'redis' })).toThrow(new ConfigError('REDIS_URL is required when STORE=redis'));

    expect(parseConfig(shape, { STORE: 'redis', REDIS_URL: 'redis://r:6379' }).REDIS_URL).toBe('redis://r:6379');
  });

  it('takes a Redis key prefix of plain characters ending in a separator', () => {
    expect(parseConfig(shape, { REDIS_KEY_PREFIX: 'stundenplan-prod:' }).REDIS_KEY_PREFIX).toBe('stundenplan-prod:');
    for (const bad of ['sp*', 'sp', 'a b:', 'x[1]:']) expect(() => parseConfig(shape, { REDIS_KEY_PREFIX: bad }), bad).toThrow(/REDIS_KEY_PREFIX: /);
  });

  it('ignores unrelated environment variables', () => {
    const cfg = parseConfig(shape, { PATH: '/usr/bin', HOME: '/root' }) as Record<string, unknown>;

    expect(cfg.PATH).toBeUndefined();
  });
});

describe('serviceConfigShape', () => {
  const svcShape = { ...serviceConfigShape({ port: 8082, grpcPort: 50052, schema: 'classes' }), AUTH_SERVICE_ADDR: serviceAddr(50051) };
  const key = { SERVICE_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64') };

  it("defaults to the service's fixed ports, schema and neighbour addresses", () => {
    const cfg = parseConfig(svcShape, { ...key });

    expect(cfg).toMatchObject({ PORT: 8082, GRPC_PORT: 50052, DB_SCHEMA: 'classes', AUTH_SERVICE_ADDR: '127.0.0.1:50051' });
  });

  it('takes ports, schema and addresses from the environment', () => {
    const cfg = parseConfig(svcShape, { ...key, PORT: '0', GRPC_PORT: '0', DB_SCHEMA: 't_abc123', AUTH_SERVICE_ADDR: 'auth:50051' });

    expect(cfg).toMatchObject({ PORT: 0, GRPC_PORT: 0, DB_SCHEMA: 't_abc123', AUTH_SERVICE_ADDR: 'auth:50051' });
  });

  it('refuses a schema name that is not a plain lower-case identifier', () => {
    expect(() => parseConfig(svcShape, { ...key, DB_SCHEMA: 'Classes; DROP' })).toThrow(/DB_SCHEMA: /);
  });

  it('leaves DB_SCHEMA undefined for a service without a schema', () => {
    expect(parseConfig(serviceConfigShape({ port: 8085, grpcPort: 50055 }), { ...key }).DB_SCHEMA).toBeUndefined();
  });

  it('requires SERVICE_TOKEN_KEY as base64 of at least 32 bytes', () => {
    expect(() => parseConfig(svcShape, {})).toThrow(/SERVICE_TOKEN_KEY is required/);
    expect(() => parseConfig(svcShape, { SERVICE_TOKEN_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/at least 32 bytes/);
    expect(() => parseConfig(svcShape, { SERVICE_TOKEN_KEY: 'postgres' })).toThrow(/SERVICE_TOKEN_KEY/);
  });

  it('listens on every interface unless LISTEN_HOST says otherwise (npm start: 127.0.0.1)', () => {
    expect(parseConfig(svcShape, { ...key }).LISTEN_HOST).toBe('0.0.0.0');
    expect(parseConfig(svcShape, { ...key, LISTEN_HOST: '127.0.0.1' }).LISTEN_HOST).toBe('127.0.0.1');
    expect(() => parseConfig(svcShape, { ...key, LISTEN_HOST: '127.0.0.1 ; rm' })).toThrow(/LISTEN_HOST/);
  });
});
