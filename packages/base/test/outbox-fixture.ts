import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createPool, withTransaction, type Pool } from '../src/db.js';
import type { EventBus } from '../src/events/bus.js';
import { EventConsumer } from '../src/events/consumer.js';
import { writeOutbox, type SqlExecutor } from '../src/events/outbox.js';
import type { EventEnvelope, EventPayload, Topic } from '../src/events/topics.js';
import { PLATFORM_MIGRATIONS, migrate } from '../src/migrator.js';
import { databaseUrl, dropSchemas, randomSchema, silentLogger } from './helpers.js';

/**
 * Transactional outbox end to end against real PostgreSQL:
 * writeOutbox (in the caller's transaction) -> OutboxRelay -> bus -> EventConsumer (idempotent).
 */

export let schema: string;
export let pool: Pool;
export const extraPools: Pool[] = [];

/** Registers the schema set-up of the outbox tests; call once at the top of a test file. */
export function useOutboxSchema(): void {
  beforeAll(async () => {
    schema = randomSchema('t_outbox');
    await migrate(databaseUrl(), schema, [
      ...PLATFORM_MIGRATIONS,
      { name: '20250101000000_notes', sql: 'CREATE TABLE notes (id SERIAL PRIMARY KEY, text TEXT NOT NULL);' },
    ]);
    pool = createPool(databaseUrl(), schema);
  });

  afterAll(async () => {
    await pool.end();
    for (const p of extraPools) await p.end();
    await dropSchemas(schema);
  });

  beforeEach(async () => {
    // Every test starts with an empty outbox and no processed events.
    await pool.query('TRUNCATE outbox_events, processed_events, notes');
  });
}

export const exec =
  (c: { query: (text: string, values: unknown[]) => Promise<unknown> }): SqlExecutor =>
  (text, values) =>
    c.query(text, values);

/** Ids and payloads that match the topics' schemas; numbered(n) carries n (in its class id) for order checks. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const numbered = (n: number): EventPayload<Topic.TimesChanged> => ({ kind: 'time_range', class_id: uuid(n) });
export const numberOf = (p: unknown) => Number((p as { class_id: string }).class_id.slice(-12));
export const userDeleted = (n: number) => ({ user_id: uuid(n), email: `user${n}@example.org`, role_id: 1 });
export const memberAdded = { class_id: uuid(1), member_id: uuid(2), user_id: null, student_id: null, name: 'Anna Beispiel', email: null, duration: 30 };
export const scheduleSaved = (n: number) => ({
  schedule_id: uuid(100 + n),
  class_id: uuid(n),
  teacher_id: uuid(0),
  name: 'Plan',
  created: true,
  updated_at: '2026-01-01T00:00:00.000Z',
});
export const mail = { to: 'a@example.org', subject: 'Betreff', text: 'Hallo' };

export async function writeCommitted<T extends Topic>(topic: T, key: string, payload: EventPayload<T>): Promise<void> {
  await withTransaction(pool, async (c) => {
    await c.query('INSERT INTO notes (text) VALUES ($1)', [key]);
    await writeOutbox(exec(c), topic, key, payload);
  });
}

export interface Received {
  payload: unknown;
  event: EventEnvelope;
}

/** A consumer named `name` on `topic` recording every handled payload. */
export async function recordingConsumer(bus: EventBus, name: string, topic: Topic, opts?: ConstructorParameters<typeof EventConsumer>[4]) {
  const received: Received[] = [];
  const consumer = new EventConsumer(pool, bus, name, silentLogger, opts);
  await consumer.on(topic, async (payload, event) => {
    received.push({ payload, event });
  });
  return received;
}

export async function processed(consumer: string) {
  const { rows } = await pool.query<{ event_id: string; status: string; attempts: number; last_error: string | null }>(
    'SELECT event_id, status, attempts, last_error FROM processed_events WHERE consumer = $1 ORDER BY processed_at',
    [consumer],
  );
  return rows;
}
