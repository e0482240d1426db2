import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createPool, type Pool } from '../../packages/base/src/db.js';
import { migrate, PLATFORM_MIGRATIONS } from '../../packages/base/src/migrator.js';
import { Topic, type EventEnvelope, type EventPayload } from '../../packages/base/src/events/topics.js';
import { waitFor as waitForShared } from '../../packages/base/src/testing/db.js';

export const kafkaInfo = () => inject('kafka');
export const databaseUrl = () => inject('databaseUrl');
export const redisInfo = () => inject('redis');
export const silentLogger = pino({ level: 'silent' });

/** Kafka topics of its own per test (KafkaBus topicPrefix), so tests never see each other's messages. */
export const freshPrefix = (name: string): string => `test.${name}-${randomUUID().slice(0, 8)}.`;
export const freshGroup = (name: string): string => `${name}-${randomUUID().slice(0, 8)}`;

export function envelope<T extends Topic>(topic: T, key: string, payload: EventPayload<T>): EventEnvelope<T> {
  return { id: randomUUID(), topic, key, version: 1, occurredAt: new Date().toISOString(), payload };
}

/** The topic the tests use: times.changed.v1, whose time_range payload carries a number n in its class id. */
export const NUMBERED = Topic.TimesChanged;
export const uuidOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const numbered = (key: string, n: number): EventEnvelope<Topic.TimesChanged> => envelope(NUMBERED, key, { kind: 'time_range', class_id: uuidOf(n) });
export const numberOf = (e: { payload: unknown }): number => Number((e.payload as { class_id: string }).class_id.slice(-12));

/** A schema with the platform tables (outbox, processed events) plus an `effects` table for handlers. */
export async function platformSchema(): Promise<{ schema: string; pool: Pool }> {
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await migrate(databaseUrl(), schema, [
    ...PLATFORM_MIGRATIONS,
    { name: '20250101000000_effects', sql: 'CREATE TABLE effects (id BIGSERIAL PRIMARY KEY, event_id UUID NOT NULL, handled_by TEXT NOT NULL);' },
  ]);
  return { schema, pool: createPool(databaseUrl(), schema) };
}

export { sleep } from '../../packages/base/src/testing/db.js';

/** The shared waitFor with the distributed suite's patience: a broker and its rebalances take seconds. */
export const waitFor = <T>(check: () => T | Promise<T>, timeoutMs = 30_000, stepMs = 100): Promise<NonNullable<T>> => waitForShared(check, timeoutMs, stepMs);
