import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db.js';
import { InProcessBus, type EventBus } from '../src/events/bus.js';
import { EventConsumer } from '../src/events/consumer.js';
import { OutboxRelay, writeOutbox } from '../src/events/outbox.js';
import { Topic } from '../src/events/topics.js';
import { silentLogger, sleep, waitFor } from './helpers.js';
import {
  exec,
  memberAdded,
  mail,
  numberOf,
  numbered,
  pool,
  processed,
  recordingConsumer,
  scheduleSaved,
  userDeleted,
  uuid,
  writeCommitted,
  useOutboxSchema,
} from './outbox-fixture.js';

/**
 * The outbox relay end to end against real PostgreSQL:
 * writeOutbox (in the caller's transaction) -> OutboxRelay -> bus -> EventConsumer (idempotent).
 */

useOutboxSchema();

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

describe('OutboxRelay with InProcessBus and EventConsumer', () => {
  it('delivers an event written in a committed transaction and marks it published', async () => {
    const received = await recordingConsumer(bus, 'svc', Topic.MemberAdded);
    await writeCommitted(Topic.MemberAdded, 'class-1', memberAdded);

    const published = await relay.pass();
    await bus.drain();

    expect(published).toBe(1);
    expect(received.map((r) => r.payload)).toEqual([memberAdded]);
    expect(received[0]!.event).toMatchObject({ topic: Topic.MemberAdded, key: 'class-1', version: 1 });
    const { rows } = await pool.query<{ published_at: Date | null }>('SELECT published_at FROM outbox_events');
    expect(rows[0]!.published_at).toBeInstanceOf(Date);
    expect(await processed(`svc:${Topic.MemberAdded}`)).toEqual([{ event_id: received[0]!.event.id, status: 'done', attempts: 1, last_error: null }]);
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
    for (let i = 0; i < 3; i++) await writeCommitted(Topic.UserPasswordReset, `u${i}`, { user_id: uuid(i) });

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
    expect(rows[0]!.attempts).toBe(1);
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
});

describe('OutboxRelay after failures', () => {
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
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(35);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(75);
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
