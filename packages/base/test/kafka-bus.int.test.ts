import { randomUUID } from 'node:crypto';
import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka';
import { Kafka, logLevel } from 'kafkajs';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaBus } from '../src/events/kafka-bus.js';
import { Topic, type EventEnvelope } from '../src/events/topics.js';
import { waitFor } from './helpers.js';

/**
 * KafkaBus against a real broker in a container. Machines without a container engine skip
 * with the reason printed; the probe rejects within milliseconds there, and a hanging engine
 * is cut off by the timeout, so this file never hangs.
 */
async function containerEngineMissing(timeoutMs = 5000): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  } finally {
    clearTimeout(timer);
  }
}

const missing = await containerEngineMissing();
if (missing) console.warn(`SKIPPED kafka adapter tests: no container engine (${missing})`);

const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.5.0';
const KAFKA_HOST_PORT = 9093; // the module's listener for clients outside the container

function envelope(topic: Topic, key: string, payload: unknown): EventEnvelope {
  return { id: randomUUID(), topic, key, version: 1, occurredAt: new Date().toISOString(), payload };
}

describe.skipIf(missing !== undefined)('KafkaBus with a real broker', () => {
  let container: StartedKafkaContainer | undefined;
  let brokers: string[];
  const buses: KafkaBus[] = [];
  const bus = (clientId: string) => {
    const b = new KafkaBus(brokers, clientId);
    buses.push(b);
    return b;
  };

  beforeAll(async () => {
    container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
    brokers = [`${container.getHost()}:${container.getMappedPort(KAFKA_HOST_PORT)}`];
    // Create the topics up front so consumers never race topic auto-creation.
    const admin = new Kafka({ clientId: 'test-admin', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [Topic.UserDeleted].map((topic) => ({ topic, numPartitions: 1, replicationFactor: 1 })),
    });
    await admin.disconnect();
  }, 300_000);

  afterAll(async () => {
    for (const b of buses) await b.stop();
    await container?.stop();
  }, 120_000);

  it('delivers every published event once to each of two consumer groups, in order, with the envelope intact', async () => {
    const groupA = `classes-${randomUUID().slice(0, 8)}`;
    const groupB = `availability-${randomUUID().slice(0, 8)}`;
    const gotA: EventEnvelope[] = [];
    const gotB: EventEnvelope[] = [];
    const consumerA = bus('classes');
    const consumerB = bus('availability');
    await consumerA.subscribe(Topic.UserDeleted, groupA, async (e) => {
      gotA.push(e);
    });
    await consumerB.subscribe(Topic.UserDeleted, groupB, async (e) => {
      gotB.push(e);
    });
    await consumerA.start();
    await consumerB.start();
    const producer = bus('auth');
    const events = [envelope(Topic.UserDeleted, 'user-1', { userId: 'user-1' }), envelope(Topic.UserDeleted, 'user-2', { userId: 'user-2' })];

    for (const e of events) await producer.publish(e);

    await waitFor(() => gotA.length >= 2 && gotB.length >= 2, 60_000, 100);
    expect(gotA).toEqual(events);
    expect(gotB).toEqual(events);
  }, 120_000);
});
