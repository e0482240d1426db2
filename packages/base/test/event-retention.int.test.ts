import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db.js';
import { EventRetention, forgetPublishedEvents } from '../src/events/retention.js';
import { PLATFORM_MIGRATIONS, migrate } from '../src/migrator.js';
import { databaseUrl, dropSchemas, randomSchema, silentLogger, sleep, waitFor } from './helpers.js';

/** Old rows of the event tables go, everything still needed stays: against real PostgreSQL. */

let schema: string;
let pool: Pool;

beforeAll(async () => {
  schema = randomSchema('t_retention');
  await migrate(databaseUrl(), schema, PLATFORM_MIGRATIONS);
  pool = createPool(databaseUrl(), schema);
});

afterAll(async () => {
  await pool.end();
  await dropSchemas(schema);
});

beforeEach(async () => {
  await pool.query('TRUNCATE outbox_events, processed_events');
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An outbox row created `createdHoursAgo` and published `publishedHoursAgo` (null: not yet published). */
async function outboxRow(n: number, createdHoursAgo: number, publishedHoursAgo: number | null): Promise<void> {
  await pool.query(
    `INSERT INTO outbox_events (id, topic, key, payload, created_at, published_at)
     VALUES ($1, 'user.deleted.v1', 'k', '{"payload":{"email":"anna@example.org"}}',
             now() - make_interval(hours => $2), CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END)`,
    [uuid(n), createdHoursAgo, publishedHoursAgo],
  );
}

async function processedRow(n: number, status: 'done' | 'parked', daysAgo: number): Promise<void> {
  await pool.query(`INSERT INTO processed_events (event_id, consumer, status, processed_at) VALUES ($1, 'c', $2, now() - make_interval(days => $3))`, [
    uuid(n),
    status,
    daysAgo,
  ]);
}

const ids = async (table: 'outbox_events' | 'processed_events') =>
  (await pool.query<{ id: string }>(`SELECT ${table === 'outbox_events' ? 'id' : 'event_id'} AS id FROM ${table} ORDER BY 1`)).rows.map((r) => r.id);

describe('EventRetention', () => {
  it('deletes published outbox rows older than the window, keeps recent and unpublished ones however old', async () => {
    await outboxRow(1, 50, 49); // published two days ago: goes
    await outboxRow(2, 30, 25); // published 25 h ago: goes
    await outboxRow(3, 2, 1); // published an hour ago: stays
    await outboxRow(4, 72, null); // never published (broker down for three days): stays
    const retention = new EventRetention(pool, silentLogger, { outboxHours: 24, processedDays: 14 });

    expect(await retention.prune()).toEqual({ outbox: 2, processed: 0 });
    expect(await ids('outbox_events')).toEqual([uuid(3), uuid(4)]);
  });

  it('deletes old records of handled events, keeps recent ones and every parked one', async () => {
    await processedRow(1, 'done', 20);
    await processedRow(2, 'done', 13);
    await processedRow(3, 'parked', 60);
    const retention = new EventRetention(pool, silentLogger, { outboxHours: 24, processedDays: 14 });

    expect(await retention.prune()).toEqual({ outbox: 0, processed: 1 });
    expect(await ids('processed_events')).toEqual([uuid(2), uuid(3)]);
  });

  it('deletes in batches until nothing old is left', async () => {
    for (let n = 1; n <= 7; n++) await outboxRow(n, 48, 48);
    const retention = new EventRetention(pool, silentLogger, { outboxHours: 24, processedDays: 14, batchSize: 3 });

    expect(await retention.prune()).toEqual({ outbox: 7, processed: 0 });
    expect(await ids('outbox_events')).toEqual([]);
  });

  it('runs by itself on its interval once started, and stops', async () => {
    await outboxRow(1, 48, 48);
    const retention = new EventRetention(pool, silentLogger, { outboxHours: 24, processedDays: 14, intervalMs: 50 });
    retention.start();
    try {
      await waitFor(async () => (await ids('outbox_events')).length === 0);
    } finally {
      await retention.stop();
    }
    await outboxRow(2, 48, 48);
    await sleep(200);
    expect(await ids('outbox_events')).toEqual([uuid(2)]);
  });
});

describe('forgetPublishedEvents', () => {
  it('deletes at once the published rows that name a deleted account (any case), keeps unpublished ones and others', async () => {
    await outboxRow(1, 2, 1); // names anna@example.org, published: goes
    await outboxRow(2, 2, null); // names her, still to go out: stays
    await pool.query(
      `INSERT INTO outbox_events (id, topic, key, payload, published_at) VALUES ($1, 'member.added.v1', 'k', '{"payload":{"email":"ben@example.org"}}', now())`,
      [uuid(3)],
    );
    expect(await forgetPublishedEvents(pool, [' ANNA@example.org ', ''])).toBe(1);
    expect(await ids('outbox_events')).toEqual([uuid(2), uuid(3)]);
    expect(await forgetPublishedEvents(pool, [])).toBe(0);
  });
});
