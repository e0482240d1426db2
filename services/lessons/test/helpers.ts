import { randomUUID } from 'node:crypto';
import { sharedInProcessBus, Topic, type EventEnvelope, type EventPayload } from '@stundenplan/base';
import type pg from 'pg';
import { inject } from 'vitest';
import { dropSchemasAt, queryAt, TEST_SERVICE_TOKEN_KEY, waitFor as waitForBase } from '@stundenplan/base/testing';
import { start, type LessonsService } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export const databaseUrl = (): string => inject('databaseUrl');

export const randomSchema = (prefix = 't_lessons'): string => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;

export const sql = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = [], url = databaseUrl()): Promise<R[]> =>
  queryAt<R>(url, text, values);

export const dropSchemas = (schemas: string[]): Promise<void> => dropSchemasAt(databaseUrl(), schemas);

export const waitFor = <T>(check: () => T | Promise<T>, timeoutMs = 10000): Promise<NonNullable<T>> => waitForBase(check, timeoutMs, 25);

export interface TestLessons {
  svc: LessonsService;
  schema: string;
  base: string;
}

export async function startLessons(env: Record<string, string> = {}): Promise<TestLessons> {
  const schema = env.DB_SCHEMA ?? randomSchema();
  const svc = await start({
    DATABASE_URL: databaseUrl(),
    DB_SCHEMA: schema,
    PORT: '0',
    GRPC_PORT: '0',
    SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
    LOG_LEVEL: 'silent',
    EVENT_BUS: 'memory',
    STORE: 'memory',
    ...env,
  });
  return { svc, schema, base: `http://127.0.0.1:${svc.httpPort}` };
}

/** Delivers an event the way the in-process bus of embedded mode does. */
export async function deliver<T extends Topic>(topic: T, payload: EventPayload<T>, id: string = randomUUID()): Promise<void> {
  const event: EventEnvelope<T> = { id, topic, key: 'test', version: 1, occurredAt: new Date().toISOString(), payload };
  const bus = sharedInProcessBus();
  await bus.publish(event);
  await bus.drain();
}
