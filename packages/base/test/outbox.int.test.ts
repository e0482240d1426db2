import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, withTransaction, type Pool } from '../src/db.js';
import { InProcessBus, type EventBus } from '../src/events/bus.js';
import { EventConsumer } from '../src/events/consumer.js';
import { OutboxRelay, outboxInsert, writeOutbox, type SqlExecutor } from '../src/events/outbox.js';
import { InvalidEventError, Topic, type EventEnvelope, type EventPayload } from '../src/events/topics.js';
import { PLATFORM_MIGRATIONS, migrate } from '../src/migrator.js';
import { databaseUrl, deferred, dropSchemas, randomSchema, silentLogger, sleep, waitFor } from './helpers.js';

/**
 * Transactional outbox end to end against real PostgreSQL:
 * writeOutbox (in the caller's transaction) -> OutboxRelay -> bus -> EventConsumer (idempotent).
 */

let schema: string;
let pool: Pool;
const extraPools: Pool[] = [];

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

const exec =
  (c: { query: (text: string, values: unknown[]) => Promise<unknown> }): SqlExecutor =>
  (text, values) =>
    c.query(text, values);

/** Ids and payloads that match the topics' schemas; numbered(n) carries n (in its class id) for order checks. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const numbered = (n: number): EventPayload<Topic.TimesChanged> => ({ kind: 'time_range', class_id: uuid(n) });
const numberOf = (p: unknown) => Number((p as { class_id: string }).class_id.slice(-12));
const userDeleted = (n: number) => ({ user_id: uuid(n), email: `user${n}@example.org`, role_id: 1 });
const memberAdded = { class_id: uuid(1), member_id: uuid(2), user_id: null, student_id: null, name: 'Anna Beispiel', email: null, duration: 30 };
const scheduleSaved = (n: number) => ({
  schedule_id: uuid(100 + n),
  class_id: uuid(n),
  teacher_id: uuid(0),
  name: 'Plan',
  created: true,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const mail = { to: 'a@example.org', subject: 'Betreff', text: 'Hallo' };

async function writeCommitted<T extends Topic>(topic: T, key: string, payload: EventPayload<T>): Promise<void> {
  await withTransaction(pool, async (c) => {
    await c.query('INSERT INTO notes (text) VALUES ($1)', [key]);
    await writeOutbox(exec(c), topic, key, payload);
  });
}

interface Received {
  payload: unknown;
  event: EventEnvelope;
}

/** A consumer named `name` on `topic` recording every handled payload. */
async function recordingConsumer(bus: EventBus, name: string, topic: Topic, opts?: ConstructorParameters<typeof EventConsumer>[4]) {
  const received: Received[] = [];
  const consumer = new EventConsumer(pool, bus, name, silentLogger, opts);
  await consumer.on(topic, async (payload, event) => {
    received.push({ payload, event });
  });
  return received;
}

async function processed(consumer: string) {
  const { rows } = await pool.query<{ event_id: string; status: string; attempts: number; last_error: string | null }>(
    'SELECT event_id, status, attempts, last_error FROM processed_events WHERE consumer = $1 ORDER BY processed_at',
    [consumer],
  );
  return rows;
}

describe('outboxInsert / writeOutbox', () => {
  it('builds a versioned envelope with a fresh id, the topic, key and payload', () => {
    const a = outboxInsert(Topic.ClassDeleted, 'class-1', { class_id: uuid(1), teacher_id: uuid(2) });
    const b = outboxInsert(Topic.ClassDeleted, 'class-1', { class_id: uuid(1), teacher_id: uuid(2) });

    const envelope = JSON.parse(a.values[3] as string) as EventEnvelope;
    expect(a.text).toMatch(/^INSERT INTO outbox_events/);
    expect(envelope).toMatchObject({
      id: a.values[0],
      topic: 'class.deleted.v1',
      key: 'class-1',
      version: 1,
      payload: { class_id: uuid(1), teacher_id: uuid(2) },
    });
    expect(new Date(envelope.occurredAt).toISOString()).toBe(envelope.occurredAt);
    expect(a.values[0]).not.toBe(b.values[0]);
    expect(a.text).toContain('VALUES ($1, $2, $3, $4)');
  });

  it('numbers its placeholders from a given first one, to sit after the values of a larger statement', () => {
    const event = outboxInsert(Topic.ClassDeleted, 'class-1', { class_id: uuid(1), teacher_id: uuid(2) }, 5);
    expect(event.text).toBe('INSERT INTO outbox_events (id, topic, key, payload) VALUES ($5, $6, $7, $8)');
    expect(event.values).toHaveLength(4);
  });

  it('refuses a payload that does not match the schema of its topic (a type error, and at run time)', () => {
    // @ts-expect-error the camelCase spelling is not the payload of class.deleted.v1
    expect(() => outboxInsert(Topic.ClassDeleted, 'class-1', { classId: uuid(1), teacher_id: uuid(2) })).toThrow(InvalidEventError);
    // @ts-expect-error teacher_id is missing
    expect(() => outboxInsert(Topic.ClassDeleted, 'class-1', { class_id: uuid(1) })).toThrow(/teacher_id/);
    expect(() => outboxInsert(Topic.ClassDeleted, 'class-1', { class_id: 'not-an-id', teacher_id: uuid(2) })).toThrow(/class_id/);
  });
});

describe('OutboxRelay with InProcessBus and EventConsumer', () => {
  let bus: InProcessBus;
  let relay: OutboxRelay;
  beforeEach(() => {
    bus = new InProcessBus();
    relay = new OutboxRelay(pool, bus, silentLogger);
  });
  afterEach(async () => {
    await relay.stop();
    await bus.stop();
  });

  it('delivers an event written in a committed transaction and marks it published', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.MemberAdded);
    await writeCommitted(Topic.MemberAdded, 'class-1', memberAdded);

    const published = await relay.pass();
    await bus.drain();

    expect(published).toBe(1);
    expect(received.map((r) => r.payload)).toEqual([memberAdded]);
    expect(received[0].event).toMatchObject({ topic: Topic.MemberAdded, key: 'class-1', version: 1 });
    const { rows } = await pool.query<{ published_at: Date | null }>('SELECT published_at FROM outbox_events');
    expect(rows[0].published_at).toBeInstanceOf(Date);
    expect(await processed(`svc:${Topic.MemberAdded}`)).toEqual([{ event_id: received[0].event.id, status: 'done', attempts: 1, last_error: null }]);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.MemberAdded);
    const failing = withTransaction(pool, async (c) => {
      await c.query('INSERT INTO notes (text) VALUES ($1)', ['doomed']);
      await writeOutbox(exec(c), Topic.MemberAdded, 'class-1', memberAdded);
      throw new Error('use case failed after writing the event');
    });
    await expect(failing).rejects.toThrow('use case failed');

    const published = await relay.pass();
    await bus.drain();

    expect(published).toBe(0);
    expect(received).toEqual([]);
    expect(await relay.backlog()).toBe(0);
    expect((await pool.query('SELECT 1 FROM notes')).rowCount).toBe(0);
  });

  it('does not publish an event whose transaction has not committed yet', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.MemberAdded);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await writeOutbox(exec(client), Topic.MemberAdded, 'k', memberAdded);

      expect(await relay.pass()).toBe(0);

      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await relay.pass()).toBe(1);
    await bus.drain();
    expect(received).toHaveLength(1);
  });

  it('delivers events in the order they were written, across batches', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.TimesChanged);
    relay = new OutboxRelay(pool, bus, silentLogger, { batchSize: 3 });
    for (let i = 0; i < 5; i++) await writeCommitted(Topic.TimesChanged, `k${i}`, numbered(i));
    await withTransaction(pool, async (c) => {
      for (let i = 5; i < 10; i++) await writeOutbox(exec(c), Topic.TimesChanged, `k${i}`, numbered(i));
    });

    const published = await relay.pass();
    await bus.drain();

    expect(published).toBe(10);
    expect(received.map((r) => numberOf(r.payload))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('counts unpublished events in backlog() until they are relayed', async () => {
    expect(await relay.backlog()).toBe(0);
    for (let i = 0; i < 3; i++) await writeCommitted(Topic.UserUpdated, `u${i}`, { user_id: uuid(i) });

    expect(await relay.backlog()).toBe(3);
    await relay.pass();
    expect(await relay.backlog()).toBe(0);
  });

  it('redelivers an event after a crash between publish and marking, and the consumer handles it once', async () => {
    let handled = 0;
    const consumer = new EventConsumer(pool, bus, 'svc', silentLogger);
    await consumer.on(Topic.UserDeleted, async () => {
      handled++;
    });
    // Publishes for real, then "dies" before the relay can mark the row as sent.
    let crashes = 1;
    const crashingBus: EventBus = {
      publish: async (e) => {
        await bus.publish(e);
        if (crashes-- > 0) throw new Error('process died after publish');
      },
      subscribe: (t, g, h) => bus.subscribe(t, g, h),
      start: () => bus.start(),
      stop: () => bus.stop(),
    };
    const crashingRelay = new OutboxRelay(pool, crashingBus, silentLogger);
    await writeCommitted(Topic.UserDeleted, 'user-1', userDeleted(1));

    await expect(crashingRelay.pass()).rejects.toThrow('process died after publish');
    await bus.drain();
    expect(await relay.backlog()).toBe(1);
    const again = await crashingRelay.pass();
    await bus.drain();

    expect(again).toBe(1);
    expect(handled).toBe(1);
    expect(await relay.backlog()).toBe(0);
    const { rows } = await pool.query<{ attempts: number }>('SELECT attempts FROM outbox_events');
    expect(rows[0].attempts).toBe(1);
    expect(await processed(`svc:${Topic.UserDeleted}`)).toHaveLength(1);
  });

  it('skips a redelivered event by id even when a new relay publishes it again (marking lost)', async () => {
    let handled = 0;
    const consumer = new EventConsumer(pool, bus, 'svc', silentLogger);
    await consumer.on(Topic.UserDeleted, async () => {
      handled++;
    });
    await writeCommitted(Topic.UserDeleted, 'user-1', userDeleted(1));
    await relay.pass();
    await bus.drain();
    // The mark never reached the database: the next process relays the row again.
    await pool.query('UPDATE outbox_events SET published_at = NULL');

    const republished = await new OutboxRelay(pool, bus, silentLogger).pass();
    await bus.drain();

    expect(republished).toBe(1);
    expect(handled).toBe(1);
  });

  it('keeps the rows after a publish failure so that nothing is lost, and counts the attempt', async () => {
    const failingBus: EventBus = {
      publish: async () => {
        throw new Error('broker down');
      },
      subscribe: async () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
    };
    await writeCommitted(Topic.UserDeleted, 'user-1', userDeleted(1));
    await writeCommitted(Topic.UserDeleted, 'user-2', userDeleted(2));

    await expect(new OutboxRelay(pool, failingBus, silentLogger).pass()).rejects.toThrow('broker down');

    expect(await relay.backlog()).toBe(2);
    const { rows } = await pool.query<{ key: string; attempts: number }>('SELECT key, attempts FROM outbox_events ORDER BY seq');
    expect(rows).toEqual([
      { key: 'user-1', attempts: 1 },
      { key: 'user-2', attempts: 0 },
    ]);
  });

  it('retries a failing handler with backoff until it succeeds', async () => {
    const attemptsAt: number[] = [];
    const backoffAsked: number[] = [];
    const consumer = new EventConsumer(pool, bus, 'svc', silentLogger, {
      maxAttempts: 5,
      backoffMs: (n) => {
        backoffAsked.push(n);
        return 40 * n;
      },
    });
    await consumer.on(Topic.MailRequested, async () => {
      attemptsAt.push(Date.now());
      if (attemptsAt.length < 3) throw new Error(`smtp busy ${attemptsAt.length}`);
    });
    await writeCommitted(Topic.MailRequested, 'mail-1', mail);

    await relay.pass();
    await bus.drain();

    expect(attemptsAt).toHaveLength(3);
    expect(backoffAsked).toEqual([1, 2]);
    expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(35);
    expect(attemptsAt[2] - attemptsAt[1]).toBeGreaterThanOrEqual(75);
    const rows = await processed(`svc:${Topic.MailRequested}`);
    expect(rows).toMatchObject([{ status: 'done', attempts: 3, last_error: null }]);
  });

  it('parks an event whose handler fails every time after maxAttempts, and does not run it again on redelivery', async () => {
    let calls = 0;
    const consumer = new EventConsumer(pool, bus, 'svc', silentLogger, { maxAttempts: 3, backoffMs: () => 5 });
    await consumer.on(Topic.MailRequested, async () => {
      calls++;
      throw new Error('mailbox full');
    });
    await writeCommitted(Topic.MailRequested, 'mail-1', mail);

    await relay.pass();
    await bus.drain();

    expect(calls).toBe(3);
    const rows = await processed(`svc:${Topic.MailRequested}`);
    expect(rows).toMatchObject([{ status: 'parked', attempts: 3, last_error: 'mailbox full' }]);
    await pool.query('UPDATE outbox_events SET published_at = NULL');
    await relay.pass();
    await bus.drain();
    expect(calls).toBe(3);
  });

  it('records processing per consumer: two services each handle the same event once', async () => {
    const a = await recordingConsumer(bus, 'classes', Topic.UserDeleted);
    const b = await recordingConsumer(bus, 'availability', Topic.UserDeleted);
    await writeCommitted(Topic.UserDeleted, 'user-1', userDeleted(1));

    await relay.pass();
    await bus.drain();

    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(await processed(`classes:${Topic.UserDeleted}`)).toHaveLength(1);
    expect(await processed(`availability:${Topic.UserDeleted}`)).toHaveLength(1);
  });

  it('passes over a row whose payload can never be valid (written before payloads were checked) and relays the rows behind it', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.ClassDeleted);
    const stale = { id: uuid(900), topic: Topic.ClassDeleted, key: 'old', version: 1, occurredAt: new Date().toISOString(), payload: { classId: uuid(1) } };
    await pool.query('INSERT INTO outbox_events (id, topic, key, payload) VALUES ($1, $2, $3, $4)', [stale.id, stale.topic, stale.key, JSON.stringify(stale)]);
    await writeCommitted(Topic.ClassDeleted, 'new', { class_id: uuid(2), teacher_id: uuid(3) });

    await relay.pass();
    await bus.drain();

    expect(received.map((r) => r.event.key)).toEqual(['new']);
    expect(await relay.backlog()).toBe(0);
  });

  it('hands the consumer the typed payload of its topic', async () => {
    const consumer = new EventConsumer(pool, bus, 'svc', silentLogger);
    const removed: string[] = [];
    await consumer.on(Topic.MemberRemoved, async (p) => {
      removed.push(`${p.class_id}/${p.member_id}/${p.user_id ?? '-'}`);
    });
    await writeCommitted(Topic.MemberRemoved, 'class-1', { class_id: uuid(1), member_id: uuid(2), user_id: null });

    await relay.pass();
    await bus.drain();

    expect(removed).toEqual([`${uuid(1)}/${uuid(2)}/-`]);
  });

  it('relays on its own once started and after kick(), and stop() waits for the running pass', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.ScheduleSaved);
    relay = new OutboxRelay(pool, bus, silentLogger, { intervalMs: 60_000 });
    relay.start();
    await sleep(50); // the first pass ran on an empty outbox; the next timer is a minute away

    await writeCommitted(Topic.ScheduleSaved, 'class-1', scheduleSaved(1));
    relay.kick();

    await waitFor(() => received.length === 1, 3000);
    await relay.stop();
    await writeCommitted(Topic.ScheduleSaved, 'class-2', scheduleSaved(2));
    relay.kick();
    await sleep(100);
    await bus.drain();
    expect(received).toHaveLength(1);
    expect(await relay.backlog()).toBe(1);
  });
});

describe('two relays on one schema (replicas)', () => {
  it('never publish the same event while both run: a locked batch is skipped by the other relay', async () => {
    for (let i = 0; i < 6; i++) await writeCommitted(Topic.TimesChanged, `k${i}`, numbered(i));
    const publishedBy: Record<string, string[]> = { a: [], b: [] };
    const gate = deferred();
    const aHoldsBatch = deferred();
    const recording = (who: 'a' | 'b', wait?: Promise<void>): EventBus => ({
      publish: async (e) => {
        if (wait) {
          aHoldsBatch.resolve();
          await wait;
        }
        publishedBy[who].push(numberOf(e.payload).toString());
      },
      subscribe: async () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
    });
    const poolB = createPool(databaseUrl(), schema, 2);
    extraPools.push(poolB);
    const relayA = new OutboxRelay(pool, recording('a', gate.promise), silentLogger, { batchSize: 3 });
    const relayB = new OutboxRelay(poolB, recording('b'), silentLogger, { batchSize: 3 });

    const passA = relayA.pass();
    await aHoldsBatch.promise; // A has claimed rows 0..2 and is stuck publishing the first
    const countB = await relayB.pass();
    gate.resolve();
    const countA = await passA;

    expect(publishedBy.b).toEqual(['3', '4', '5']);
    expect(publishedBy.a).toEqual(['0', '1', '2']);
    expect(countA + countB).toBe(6);
    expect(await relayA.backlog()).toBe(0);
  });

  it('publish every event exactly once when several relays race over a large backlog', async () => {
    await withTransaction(pool, async (c) => {
      for (let i = 0; i < 60; i++) await writeOutbox(exec(c), Topic.TimesChanged, `k${i}`, numbered(i));
    });
    const seen: number[] = [];
    const slowBus: EventBus = {
      publish: async (e) => {
        await sleep(1);
        seen.push(numberOf(e.payload));
      },
      subscribe: async () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
    };
    const pools = [pool, createPool(databaseUrl(), schema, 2), createPool(databaseUrl(), schema, 2)];
    extraPools.push(pools[1], pools[2]);

    const counts = await Promise.all(pools.map((p) => new OutboxRelay(p, slowBus, silentLogger, { batchSize: 4 }).pass()));

    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });
});

describe('InProcessBus', () => {
  it('delivers each event once to every subscribed group, in publish order', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserUpdated, 'g1', async (e) => {
      await sleep(5);
      got.push(`g1:${e.key}`);
    });
    await bus.subscribe(Topic.UserUpdated, 'g2', async (e) => {
      got.push(`g2:${e.key}`);
    });
    const envelope = (key: string): EventEnvelope => ({
      id: key,
      topic: Topic.UserUpdated,
      key,
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { user_id: uuid(1) },
    });

    await bus.publish(envelope('a'));
    await bus.publish(envelope('b'));
    await bus.publish({ ...envelope('c'), topic: Topic.UserDeleted, payload: userDeleted(3) });
    await bus.drain();

    expect(got.filter((g) => g.startsWith('g1'))).toEqual(['g1:a', 'g1:b']);
    expect(got.filter((g) => g.startsWith('g2'))).toEqual(['g2:a', 'g2:b']);
  });

  it('rejects an invalid payload on publish (a type error, and at run time) and delivers nothing', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserDeleted, 'g', async (e) => {
      got.push(e.payload.user_id);
    });
    const event = { id: 'x', topic: Topic.UserDeleted, key: 'x', version: 1 as const, occurredAt: '' };

    // @ts-expect-error user.deleted.v1 is published snake_case
    await expect(bus.publish({ ...event, payload: { userId: uuid(1), email: 'a@example.org', role_id: 1 } })).rejects.toThrow(InvalidEventError);
    // @ts-expect-error role_id is a number
    await expect(bus.publish({ ...event, payload: { user_id: uuid(1), email: 'a@example.org', role_id: '1' } })).rejects.toThrow(/role_id/);
    await bus.publish({ ...event, payload: userDeleted(2) });
    await bus.drain();

    expect(got).toEqual([uuid(2)]);
  });

  it('rejects the publish of an event whose handler throws (so the relay retries it) and keeps delivering later ones', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserUpdated, 'g', async (e) => {
      if (e.key === 'bad') throw new Error('boom');
      got.push(e.key);
    });
    const envelope = (key: string): EventEnvelope => ({ id: key, topic: Topic.UserUpdated, key, version: 1, occurredAt: '', payload: { user_id: uuid(1) } });

    await expect(bus.publish(envelope('bad'))).rejects.toThrow('boom');
    await bus.publish(envelope('good'));
    await bus.drain();

    expect(got).toEqual(['good']);
  });

  it('resolves publish only after every subscriber has handled the event', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserUpdated, 'slow', async (e) => {
      await new Promise((r) => setTimeout(r, 50));
      got.push(e.key);
    });
    await bus.publish({ id: 'x', topic: Topic.UserUpdated, key: 'x', version: 1, occurredAt: '', payload: { user_id: uuid(1) } });
    expect(got).toEqual(['x']);
  });

  it('holds publishing until released, so early events wait for late subscribers', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    bus.hold();
    const pending = bus.publish({ id: 'early', topic: Topic.UserUpdated, key: 'early', version: 1, occurredAt: '', payload: { user_id: uuid(1) } });
    await bus.subscribe(Topic.UserUpdated, 'late', async (e) => {
      got.push(e.key);
    });
    bus.release();
    await pending;
    expect(got).toEqual(['early']);
  });

  it('delivers once per group: a second subscription of the same group takes over (service restarted in-process)', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserUpdated, 'svc:user.updated.v1', async (e) => {
      got.push(`old:${e.key}`);
    });
    await bus.subscribe(Topic.UserUpdated, 'svc:user.updated.v1', async (e) => {
      got.push(`new:${e.key}`);
    });

    await bus.publish({ id: '1', topic: Topic.UserUpdated, key: 'a', version: 1, occurredAt: '', payload: { user_id: uuid(1) } });
    await bus.drain();

    expect(got).toEqual(['new:a']);
  });
});
