import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../packages/base/src/db.js';
import { EventConsumer } from '../../packages/base/src/events/consumer.js';
import { deadLetterTopic, KafkaBus, type KafkaBusOptions } from '../../packages/base/src/events/kafka-bus.js';
import { OutboxRelay, writeOutbox } from '../../packages/base/src/events/outbox.js';
import { InvalidEventError, Topic, type EventEnvelope } from '../../packages/base/src/events/topics.js';
// @ts-expect-error plain JS module of the repository
import { freePort, startKafka } from '../../scripts/kafka-local.js';
import {
  databaseUrl,
  envelope,
  freshGroup,
  freshPrefix,
  kafkaInfo,
  numbered,
  NUMBERED,
  numberOf,
  platformSchema,
  silentLogger,
  sleep,
  uuidOf,
  waitFor,
} from './helpers.js';

/**
 * The kafkajs adapter against a real broker (scripts/kafka-local.js): delivery per group, replicas,
 * a consumer killed mid-handler, ordering per key, poison events, invalid payloads, and the outbox relay
 * across a broker restart. Each test has Kafka topics of its own (topicPrefix).
 */
const kafka = kafkaInfo();
const brokers = () => kafka.brokers!.split(',');
const here = path.dirname(fileURLToPath(import.meta.url));

const buses: KafkaBus[] = [];
const pools: Pool[] = [];
const children: ChildProcess[] = [];
const bus = (clientId: string, opts: KafkaBusOptions = {}, list = brokers()) => {
  const b = new KafkaBus(list, clientId, { log: silentLogger, sessionTimeoutMs: 10_000, ...opts });
  buses.push(b);
  return b;
};

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const b of buses) await b.stop();
  for (const p of pools) await p.end();
});

async function createTopic(topic: string, numPartitions: number, list = brokers()): Promise<void> {
  const admin = new Kafka({ clientId: 'test-admin', brokers: list, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions, replicationFactor: 1 }] });
  await admin.disconnect();
}

async function readTopic(topic: string, count: number, list = brokers()): Promise<{ value: string; headers: Record<string, string> }[]> {
  const consumer = new Kafka({ clientId: 'test-reader', brokers: list, logLevel: logLevel.NOTHING }).consumer({ groupId: freshGroup('reader') });
  const got: { value: string; headers: Record<string, string> }[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
      got.push({ value: message.value?.toString() ?? '', headers });
    },
  });
  try {
    await waitFor(() => got.length >= count, 60_000);
    return got;
  } finally {
    await consumer.disconnect();
  }
}

/** Waits until the replicas of `group` together hold every partition of `topic`. */
async function waitForAssignment(replicas: KafkaBus[], group: string, topic: string, partitions: number) {
  await waitFor(() => {
    const held = replicas.flatMap((r) => r.assignments()[group]?.[topic] ?? []);
    return held.length === partitions && new Set(held).size === partitions && replicas.every((r) => (r.assignments()[group]?.[topic] ?? []).length > 0);
  }, 60_000);
}

describe.skipIf(!kafka.brokers)(`KafkaBus against a real Kafka ${kafka.version ?? ''} broker`, () => {
  it('delivers each event once to each of two groups, with the envelope intact', async () => {
    const topicPrefix = freshPrefix('groups');
    await createTopic(topicPrefix + Topic.MemberAdded, 3);
    const gotA: EventEnvelope[] = [];
    const gotB: EventEnvelope[] = [];
    const a = bus('classes', { topicPrefix });
    const b = bus('availability', { topicPrefix });
    await a.subscribe(Topic.MemberAdded, freshGroup('classes'), async (e) => void gotA.push(e));
    await b.subscribe(Topic.MemberAdded, freshGroup('availability'), async (e) => void gotB.push(e));
    await a.start();
    await b.start();
    const producer = bus('auth', { topicPrefix });
    const member = (i: number) => ({
      class_id: uuidOf(0),
      member_id: uuidOf(i),
      user_id: null,
      student_id: null,
      name: 'Jörg Müller',
      email: null,
      duration: 30,
    });
    const events = Array.from({ length: 6 }, (_, i) => envelope(Topic.MemberAdded, `member-${i}`, member(i)));
    for (const e of events) await producer.publish(e);

    await waitFor(() => gotA.length >= 6 && gotB.length >= 6);
    await sleep(500);
    const byId = (x: EventEnvelope, y: EventEnvelope) => x.id.localeCompare(y.id);
    expect([...gotA].sort(byId)).toEqual([...events].sort(byId));
    expect([...gotB].sort(byId)).toEqual([...events].sort(byId));
  });

  it('two replicas of one group share the partitions; each event is handled once, in order per key, and nothing is lost when one replica stops', async () => {
    const topicPrefix = freshPrefix('replicas');
    const topic = topicPrefix + NUMBERED;
    const group = freshGroup('classes');
    await createTopic(topic, 3);
    const handled: { replica: string; key: string; seq: number; id: string }[] = [];
    const replica = (name: string) => {
      const r = bus(`classes-${name}`, { topicPrefix });
      void r.subscribe(NUMBERED, group, async (e) => {
        handled.push({ replica: name, key: e.key, seq: numberOf(e), id: e.id });
        await sleep(5);
      });
      return r;
    };
    const a = replica('a');
    const b = replica('b');
    await a.start();
    await b.start();
    await waitForAssignment([a, b], group, topic, 3);

    const producer = bus('publisher', { topicPrefix });
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    const sent: EventEnvelope[] = [];
    const publish = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const key = keys[sent.length % keys.length];
        const e = numbered(key!, sent.length);
        sent.push(e);
        await producer.publish(e);
      }
    };
    await publish(30);
    await waitFor(() => handled.length >= 30);
    expect(new Set(handled.filter((h) => h.replica === 'a').map((h) => h.key)).size).toBeGreaterThan(0);
    expect(new Set(handled.filter((h) => h.replica === 'b').map((h) => h.key)).size).toBeGreaterThan(0);

    // Replica a leaves (a rolling update): b takes over all partitions, from a's committed offsets.
    await a.stop();
    await waitForAssignment([b], group, topic, 3);
    await publish(30);
    await waitFor(() => handled.length >= 60);
    await sleep(1000);

    expect(handled.map((h) => h.id).sort()).toEqual(sent.map((e) => e.id).sort());
    for (const key of keys) {
      const seqs = handled.filter((h) => h.key === key).map((h) => h.seq);
      expect(seqs, key).toEqual([...seqs].sort((x, y) => x - y));
    }
    expect(handled.slice(30).every((h) => h.replica === 'b')).toBe(true);
  });

  it('a consumer killed mid-handler loses nothing: the next replica gets the event again and the processed-events table keeps every effect single', async () => {
    const topicPrefix = freshPrefix('crash');
    await createTopic(topicPrefix + NUMBERED, 1);
    const { schema, pool } = await platformSchema();
    pools.push(pool);
    const name = freshGroup('notification');
    const hang = `A:${uuidOf(3)}`;
    const startChild = async (replica: string) => {
      const args = [path.join(here, 'fixtures/consumer-child.mjs'), kafka.brokers!, databaseUrl(), schema, topicPrefix, name, replica, hang];
      const child = spawn(process.execPath, args, {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      const lines: string[] = [];
      child.stdout!.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
      await waitFor(() => lines.includes('ready'), 60_000);
      return { child, lines };
    };
    const a = await startChild('A');
    const producer = bus('publisher', { topicPrefix });
    const events = [1, 2, 3, 4, 5].map((n) => numbered('k', n));
    for (const e of events) await producer.publish(e);
    await waitFor(() => a.lines.includes(`handling ${events[2]!.id}`), 60_000);
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));

    const b = await startChild('B');
    await waitFor(async () => (await pool.query('SELECT count(*)::int AS n FROM processed_events')).rows[0].n === 5, 90_000);
    await sleep(1000);

    const effects = (await pool.query<{ event_id: string; handled_by: string }>('SELECT event_id, handled_by FROM effects ORDER BY id')).rows;
    expect(effects.map((e) => e.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(effects.find((e) => e.event_id === events[2]!.id)?.handled_by).toBe('B');
    expect(b.lines).toContain(`handling ${events[2]!.id}`);
    b.child.kill('SIGTERM');
  });
});

describe.skipIf(!kafka.brokers)(`KafkaBus against a real Kafka ${kafka.version ?? ''} broker: failures and the outbox`, () => {
  it('a poison event is retried, parked on the dead-letter topic and logged, and the events behind it (same key) still arrive', async () => {
    const topicPrefix = freshPrefix('poison');
    const topic = topicPrefix + NUMBERED;
    await createTopic(topic, 1);
    const consumer = bus('notification', { maxAttempts: 3, backoffMs: () => 20, topicPrefix });
    const handled: string[] = [];
    let poisonCalls = 0;
    // The handler fails on n = 2 every time.
    const events = [1, 2, 3, 4].map((n) => numbered('k', n));
    await consumer.subscribe(NUMBERED, freshGroup('notification'), async (e) => {
      if (numberOf(e) === 2) {
        poisonCalls++;
        throw new Error('kaputt');
      }
      handled.push(e.id);
    });
    await consumer.start();
    const producer = bus('publisher', { topicPrefix });
    for (const e of events) await producer.publish(e);

    await waitFor(() => handled.length >= 3);
    expect(handled).toEqual([events[0]!.id, events[2]!.id, events[3]!.id]);
    expect(poisonCalls).toBe(3);
    const [parked] = await readTopic(deadLetterTopic(topic), 1);
    expect(JSON.parse(parked!.value).id).toBe(events[1]!.id);
    expect(parked!.headers['event-id']).toBe(events[1]!.id);
    expect(parked!.headers['dead-letter-error']).toBe('kaputt');
  });

  it('an invalid payload on the wire is parked on the dead-letter topic at once, never handed to a handler, and the events behind it still arrive', async () => {
    const topicPrefix = freshPrefix('invalid');
    const topic = topicPrefix + NUMBERED;
    await createTopic(topic, 1);
    const consumer = bus('notification', { maxAttempts: 3, backoffMs: () => 20, topicPrefix });
    const handled: number[] = [];
    await consumer.subscribe(NUMBERED, freshGroup('notification'), async (e) => {
      handled.push(numberOf(e));
    });
    await consumer.start();
    // An old spelling written by something that did not check (a plain producer).
    const invalid = { ...numbered('k', 2), payload: { kind: 'time_range', classId: uuidOf(2) } };
    const raw = new Kafka({ clientId: 'test-raw', brokers: brokers(), logLevel: logLevel.NOTHING }).producer();
    await raw.connect();
    const producer = bus('publisher', { topicPrefix });
    await producer.publish(numbered('k', 1));
    await raw.send({ topic, messages: [{ key: 'k', value: JSON.stringify(invalid), headers: { 'event-id': invalid.id } }] });
    await raw.disconnect();
    await producer.publish(numbered('k', 3));

    await waitFor(() => handled.length >= 2);
    expect(handled).toEqual([1, 3]);
    const [parked] = await readTopic(deadLetterTopic(topic), 1);
    expect(JSON.parse(parked!.value).id).toBe(invalid.id);
    expect(parked!.headers['dead-letter-error']).toMatch(/^invalid times\.changed\.v1 payload: class_id/);
  });

  it('refuses to publish an invalid payload (a type error, and at run time)', async () => {
    const producer = bus('publisher', { topicPrefix: freshPrefix('refused') });
    // @ts-expect-error times.changed.v1 is published snake_case
    await expect(producer.publish(envelope(NUMBERED, 'k', { kind: 'time_range', classId: uuidOf(1) }))).rejects.toThrow(InvalidEventError);
  });

  it('through the EventConsumer a failing handler is parked in processed_events and does not block the partition', async () => {
    const topicPrefix = freshPrefix('parked');
    await createTopic(topicPrefix + NUMBERED, 1);
    const { pool } = await platformSchema();
    pools.push(pool);
    const b = bus('availability', { topicPrefix });
    const consumer = new EventConsumer(pool, b, freshGroup('availability'), silentLogger, { maxAttempts: 2, backoffMs: () => 10 });
    const handled: number[] = [];
    await consumer.on(NUMBERED, async (p) => {
      const n = numberOf({ payload: p });
      if (n === 2) throw new Error('ungültig');
      handled.push(n);
    });
    await b.start();
    const producer = bus('publisher', { topicPrefix });
    const events = [1, 2, 3].map((n) => numbered('k', n));
    for (const e of events) await producer.publish(e);
    await waitFor(() => handled.length >= 2);
    expect(handled).toEqual([1, 3]);
    const rows = (
      await pool.query<{ event_id: string; status: string; last_error: string | null }>('SELECT event_id, status, last_error FROM processed_events')
    ).rows;
    expect(rows.find((r) => r.event_id === events[1]!.id)).toMatchObject({ status: 'parked', last_error: 'ungültig' });
    expect(rows.filter((r) => r.status === 'done')).toHaveLength(2);
  });

  it('the outbox relay keeps rows until the broker acknowledged them, across a broker crash and restart', async () => {
    // Its own broker: this one is killed with SIGKILL and started again on the same port and data.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-kafka-restart-'));
    const port = await freePort();
    let broker = await startKafka({ dataDir: dir, port, quiet: true });
    let relayBus: KafkaBus | undefined;
    try {
      const list = [broker.brokers];
      const topicPrefix = freshPrefix('outbox');
      const topic = topicPrefix + NUMBERED;
      await createTopic(topic, 3, list);
      const { pool } = await platformSchema();
      pools.push(pool);
      relayBus = new KafkaBus(list, 'auth', { log: silentLogger, topicPrefix });
      const relay = new OutboxRelay(pool, relayBus, silentLogger);
      const write = (n: number) => writeOutbox((t, v) => pool.query(t, v), NUMBERED, `user-${n % 3}`, { kind: 'time_range', class_id: uuidOf(n) });
      for (let n = 0; n < 5; n++) await write(n);
      expect(await relay.pass()).toBe(5);

      await broker.kill();
      for (let n = 5; n < 10; n++) await write(n);
      await expect(relay.pass()).rejects.toThrow();
      expect(await relay.backlog()).toBe(5);
      const { rows } = await pool.query<{ attempts: number }>('SELECT attempts FROM outbox_events WHERE published_at IS NULL ORDER BY seq LIMIT 1');
      expect(rows[0]!.attempts).toBeGreaterThan(0);

      broker = await startKafka({ dataDir: dir, port, quiet: true });
      await waitFor(async () => (await relay.pass().catch(() => 0)) >= 0 && (await relay.backlog()) === 0, 90_000, 500);
      const got = await readTopic(topic, 10, list);
      await sleep(1000);
      const ns = got.map((m) => numberOf(JSON.parse(m.value) as EventEnvelope));
      expect(new Set(ns)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    } finally {
      await relayBus?.stop();
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
