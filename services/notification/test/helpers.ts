import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sharedInProcessBus, Topic, type EventEnvelope, type MailRequestedPayload } from '@stundenplan/base';
import pg from 'pg';
import { inject } from 'vitest';
import { dropSchemasAt, queryAt, sleep, TEST_SERVICE_TOKEN_KEY, waitFor as waitForBase } from '@stundenplan/base/testing';
import { start, type NotificationService } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export { sleep };

export const databaseUrl = (): string => inject('databaseUrl');

export function randomSchema(prefix = 't_notif'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

export const sql = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> =>
  queryAt<R>(databaseUrl(), text, values);

export const dropSchemas = (schemas: string[]): Promise<void> => dropSchemasAt(databaseUrl(), schemas);

export const waitFor = <T>(check: () => T | Promise<T>, timeoutMs = 10000, stepMs = 25): Promise<NonNullable<T>> => waitForBase(check, timeoutMs, stepMs);

export async function freePort(): Promise<number> {
  const net = await import('node:net');
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface TestNotification {
  svc: NotificationService;
  schema: string;
  base: string;
}

export async function startNotification(env: Record<string, string> = {}): Promise<TestNotification> {
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
    // Nothing listens there: no test reaches a scheduling service of a stack running on this machine.
    SCHEDULING_SOLVER_SERVICE_ADDR: '127.0.0.1:1',
    AVAILABILITY_SERVICE_ADDR: '127.0.0.1:1',
    ...env,
  });
  return { svc, schema, base: `http://127.0.0.1:${svc.httpPort}` };
}

export function mailEvent(payload: MailRequestedPayload, id: string = randomUUID()): EventEnvelope<Topic.MailRequested> {
  return { id, topic: Topic.MailRequested, key: 'test', version: 1, occurredAt: new Date().toISOString(), payload };
}

/** Delivers an event the way the in-process bus of embedded mode does. */
export async function deliver<T extends Topic>(event: EventEnvelope<T>): Promise<void> {
  const bus = sharedInProcessBus();
  await bus.publish(event);
  await bus.drain();
}

export interface MailJson {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  transport: string;
  created_at: string;
  sent_at: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
}

export async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
