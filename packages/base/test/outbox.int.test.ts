import { describe, expect, it } from 'vitest';
import { createPool, withTransaction } from '../src/db.js';
import { InProcessBus, type EventBus } from '../src/events/bus.js';
import { OutboxRelay, outboxInsert, writeOutbox } from '../src/events/outbox.js';
import { InvalidEventError, Topic, type EventEnvelope } from '../src/events/topics.js';
import { databaseUrl, deferred, silentLogger, sleep } from './helpers.js';
import { exec, extraPools, numberOf, numbered, pool, schema, userDeleted, uuid, writeCommitted, useOutboxSchema } from './outbox-fixture.js';

/**
 * Transactional outbox end to end against real PostgreSQL:
 * writeOutbox (in the caller's transaction) -> OutboxRelay -> bus -> EventConsumer (idempotent).
 */

useOutboxSchema();

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
        publishedBy[who]!.push(numberOf(e.payload).toString());
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
    extraPools.push(pools[1]!, pools[2]!);

    const counts = await Promise.all(pools.map((p) => new OutboxRelay(p, slowBus, silentLogger, { batchSize: 4 }).pass()));

    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });
});

describe('InProcessBus', () => {
  it('delivers each event once to every subscribed group, in publish order', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserPasswordReset, 'g1', async (e) => {
      await sleep(5);
      got.push(`g1:${e.key}`);
    });
    await bus.subscribe(Topic.UserPasswordReset, 'g2', async (e) => {
      got.push(`g2:${e.key}`);
    });
    const envelope = (key: string): EventEnvelope => ({
      id: key,
      topic: Topic.UserPasswordReset,
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
    await bus.subscribe(Topic.UserPasswordReset, 'g', async (e) => {
      if (e.key === 'bad') throw new Error('boom');
      got.push(e.key);
    });
    const envelope = (key: string): EventEnvelope => ({
      id: key,
      topic: Topic.UserPasswordReset,
      key,
      version: 1,
      occurredAt: '',
      payload: { user_id: uuid(1) },
    });

    await expect(bus.publish(envelope('bad'))).rejects.toThrow('boom');
    await bus.publish(envelope('good'));
    await bus.drain();

    expect(got).toEqual(['good']);
  });

  it('resolves publish only after every subscriber has handled the event', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserPasswordReset, 'slow', async (e) => {
      await new Promise((r) => setTimeout(r, 50));
      got.push(e.key);
    });
    await bus.publish({ id: 'x', topic: Topic.UserPasswordReset, key: 'x', version: 1, occurredAt: '', payload: { user_id: uuid(1) } });
    expect(got).toEqual(['x']);
  });

  it('holds publishing until released, so early events wait for late subscribers', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    bus.hold();
    const pending = bus.publish({ id: 'early', topic: Topic.UserPasswordReset, key: 'early', version: 1, occurredAt: '', payload: { user_id: uuid(1) } });
    await bus.subscribe(Topic.UserPasswordReset, 'late', async (e) => {
      got.push(e.key);
    });
    bus.release();
    await pending;
    expect(got).toEqual(['early']);
  });

  it('delivers once per group: a second subscription of the same group takes over (service restarted in-process)', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    await bus.subscribe(Topic.UserPasswordReset, 'svc:user.password-reset.v1', async (e) => {
      got.push(`old:${e.key}`);
    });
    await bus.subscribe(Topic.UserPasswordReset, 'svc:user.password-reset.v1', async (e) => {
      got.push(`new:${e.key}`);
    });

    await bus.publish({ id: '1', topic: Topic.UserPasswordReset, key: 'a', version: 1, occurredAt: '', payload: { user_id: uuid(1) } });
    await bus.drain();

    expect(got).toEqual(['new:a']);
  });
});
