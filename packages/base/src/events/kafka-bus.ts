import { Kafka, logLevel, Partitioners, type Consumer, type KafkaMessage, type Producer } from 'kafkajs';
import { createLogger, type Logger } from '../logger.js';
import type { EventBus, EventHandler } from './bus.js';
import { InvalidEventError, parseEvent, type EventEnvelope, type Topic } from './topics.js';

export interface KafkaBusOptions {
  /** Attempts of one message in place (about 80 s with the default backoff) before it is parked on the dead-letter topic (default 20). */
  maxAttempts?: number;
  /** Wait before attempt n+1 (default 200 ms doubling, at most 5 s). */
  backoffMs?: (attempt: number) => number;
  log?: Logger;
  /** Consumer group session timeout; a replica that stops heartbeating loses its partitions after it. */
  sessionTimeoutMs?: number;
  /** Prepended to every Kafka topic name (default none): the broker tests give each test topics of its own. */
  topicPrefix?: string;
}

/** Where a message goes after its handler failed maxAttempts times: `dead-letter.<topic>`. */
export const deadLetterTopic = (topic: string): string => `dead-letter.${topic}`;

/**
 * Distributed mode: topics on Kafka, the event key as message key (ordering per key), the event id as
 * header. Each group is one kafkajs consumer; replicas of a service share the group, so each event is
 * handled once per group. Offsets are committed only after the handler resolved (at-least-once; the
 * EventConsumer's processed-events table makes the effect once). A handler that keeps failing is retried
 * in place with backoff and then parked on `dead-letter.<topic>` (logged), so it never blocks the
 * partition or restarts the consumer forever.
 */
export class KafkaBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private connecting: Promise<Producer> | undefined;
  private readonly consumers = new Map<string, { consumer: Consumer; handlers: Map<Topic, EventHandler> }>();
  private readonly log: Logger;
  private stopping = false;
  private readonly assigned = new Map<string, Record<string, number[]>>();

  constructor(
    brokers: string[],
    clientId: string,
    private readonly opts: KafkaBusOptions = {},
  ) {
    this.kafka = new Kafka({ clientId, brokers, logLevel: logLevel.NOTHING, retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 5000 } });
    this.log = opts.log ?? createLogger(clientId, { module: 'kafka' });
  }

  private async getProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    this.connecting ??= (async () => {
      const p = this.kafka.producer({
        allowAutoTopicCreation: true,
        idempotent: true,
        maxInFlightRequests: 1,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      try {
        await p.connect();
      } catch (e) {
        await p.disconnect().catch(() => undefined);
        throw e;
      }
      this.producer = p;
      return p;
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /**
   * Resolves when the broker acknowledged the message (acks=all); a failure drops the producer so the next call reconnects.
   * An invalid payload is rejected (InvalidEventError) before anything is sent.
   */
  async publish<T extends Topic>(event: EventEnvelope<T>): Promise<void> {
    parseEvent(event);
    await this.send(this.kafkaTopic(event.topic), [{ key: event.key, value: JSON.stringify(event), headers: { 'event-id': event.id } }]);
  }

  private async send(
    topic: string,
    messages: { key: string | Buffer | null; value: string | Buffer | null; headers?: Record<string, string | Buffer> }[],
  ): Promise<void> {
    const producer = await this.getProducer();
    try {
      await producer.send({ topic, acks: -1, messages });
    } catch (e) {
      if (this.producer === producer) this.producer = undefined;
      await producer.disconnect().catch(() => undefined);
      throw e;
    }
  }

  async subscribe<T extends Topic>(topic: T, group: string, handler: EventHandler<T>): Promise<void> {
    let entry = this.consumers.get(group);
    if (!entry) {
      const consumer = this.kafka.consumer({
        groupId: group,
        sessionTimeout: this.opts.sessionTimeoutMs ?? 30_000,
        heartbeatInterval: 3000,
        allowAutoTopicCreation: true,
        retry: {
          retries: 8,
          initialRetryTime: 300,
          maxRetryTime: 5000,
          restartOnFailure: async (e) => (this.log.warn({ group, err: e.message }, 'kafka consumer restarts'), !this.stopping),
        },
      });
      consumer.on(consumer.events.GROUP_JOIN, (e) => this.assigned.set(group, e.payload.memberAssignment));
      entry = { consumer, handlers: new Map() };
      this.consumers.set(group, entry);
    }
    // Only messages of this topic reach the handler, checked against its schema (see handle).
    entry.handlers.set(topic, handler as EventHandler);
  }

  private kafkaTopic(topic: Topic): string {
    return `${this.opts.topicPrefix ?? ''}${topic}`;
  }

  /** Partitions this replica holds per group and topic since its last rebalance (tests, diagnostics). */
  assignments(): Record<string, Record<string, number[]>> {
    return Object.fromEntries(this.assigned);
  }

  async start(): Promise<void> {
    const topics = [...new Set([...this.consumers.values()].flatMap((c) => [...c.handlers.keys()]))];
    if (topics.length) await this.ensureTopics(topics.map((t) => this.kafkaTopic(t)));
    for (const [group, { consumer, handlers }] of this.consumers) {
      const byKafkaTopic = new Map([...handlers].map(([topic, handler]) => [this.kafkaTopic(topic), { topic, handler }]));
      await consumer.connect();
      await consumer.subscribe({ topics: [...byKafkaTopic.keys()], fromBeginning: true });
      await consumer.run({
        autoCommit: true,
        eachMessage: async ({ topic: kafkaTopic, partition, message, heartbeat }) => {
          const sub = byKafkaTopic.get(kafkaTopic);
          if (!sub || !message.value) return;
          await this.handle(group, sub.topic, kafkaTopic, partition, message, sub.handler, heartbeat);
        },
      });
    }
  }

  /**
   * Creates the subscribed topics (broker defaults for partitions and replicas) and waits for their
   * leaders. Found by the broker tests: subscribing lets the broker auto-create a topic, and replicas
   * starting together then fail with "This server does not host this topic-partition".
   */
  private async ensureTopics(topics: string[]): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.createTopics({ waitForLeaders: true, topics: topics.map((topic) => ({ topic })) });
          await admin.fetchTopicMetadata({ topics });
          return;
        } catch (e) {
          if (attempt >= 10) throw e;
          await new Promise((r) => setTimeout(r, 300 * attempt));
        }
      }
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  private async handle(
    group: string,
    topic: Topic,
    kafkaTopic: string,
    partition: number,
    message: KafkaMessage,
    handler: EventHandler,
    heartbeat: () => Promise<void>,
  ): Promise<void> {
    let event: EventEnvelope;
    try {
      event = parseEvent({ ...(JSON.parse(message.value!.toString()) as EventEnvelope), topic });
    } catch (e) {
      // A poison message: parked at once, it would fail the same way on every attempt.
      const reason = e instanceof InvalidEventError ? e.message : `unreadable JSON: ${(e as Error).message}`;
      return this.park(group, kafkaTopic, partition, message, reason);
    }
    const max = this.opts.maxAttempts ?? 20;
    const backoff = this.opts.backoffMs ?? ((n: number) => Math.min(200 * 2 ** (n - 1), 5000));
    let lastError = '';
    for (let attempt = 1; attempt <= max; attempt++) {
      try {
        await handler(event);
        return;
      } catch (e) {
        lastError = (e as Error).message || String(e);
        this.log.warn({ group, topic, partition, offset: message.offset, eventId: event.id, attempt, err: lastError }, 'kafka handler failed');
        if (this.stopping) throw e; // not committed: another replica (or the next start) gets it again
        if (attempt < max) {
          await new Promise((r) => setTimeout(r, backoff(attempt)));
          await heartbeat().catch(() => undefined);
        }
      }
    }
    await this.park(group, kafkaTopic, partition, message, lastError);
  }

  /** Copies the message to the dead-letter topic; only after the broker has it does the partition move on. */
  private async park(group: string, topic: string, partition: number, message: KafkaMessage, error: string): Promise<void> {
    await this.send(deadLetterTopic(topic), [
      {
        key: message.key ?? null,
        value: message.value ?? null,
        headers: {
          ...stringHeaders(message.headers),
          'dead-letter-group': group,
          'dead-letter-error': error.slice(0, 1000),
          'dead-letter-source': `${topic}/${partition}/${message.offset}`,
        },
      },
    ]);
    this.log.error({ group, topic, partition, offset: message.offset, err: error }, 'event parked on the dead-letter topic');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const { consumer } of this.consumers.values()) await consumer.disconnect().catch(() => undefined);
    await this.connecting?.catch(() => undefined);
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = undefined;
  }
}

function stringHeaders(h: KafkaMessage['headers']): Record<string, string | Buffer> {
  const out: Record<string, string | Buffer> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k] = Array.isArray(v) ? String(v[0]) : (v as string | Buffer);
  return out;
}
