import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import type { EventBus, EventHandler } from './bus.js';
import type { EventEnvelope, Topic } from './topics.js';

/** Distributed mode: topics on Kafka; the event id travels as the message header for idempotent consumers. */
export class KafkaBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private readonly consumers = new Map<string, { consumer: Consumer; handlers: Map<string, EventHandler> }>();

  constructor(brokers: string[], clientId: string) {
    this.kafka = new Kafka({ clientId, brokers, logLevel: logLevel.NOTHING, retry: { retries: 5 } });
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (!this.producer) {
      this.producer = this.kafka.producer({ allowAutoTopicCreation: true, idempotent: true, maxInFlightRequests: 1 });
      await this.producer.connect();
    }
    await this.producer.send({
      topic: event.topic,
      messages: [{ key: event.key, value: JSON.stringify(event), headers: { 'event-id': event.id } }],
    });
  }

  async subscribe(topic: Topic, group: string, handler: EventHandler): Promise<void> {
    let entry = this.consumers.get(group);
    if (!entry) {
      entry = { consumer: this.kafka.consumer({ groupId: group }), handlers: new Map() };
      this.consumers.set(group, entry);
    }
    entry.handlers.set(topic, handler);
  }

  async start(): Promise<void> {
    for (const { consumer, handlers } of this.consumers.values()) {
      await consumer.connect();
      await consumer.subscribe({ topics: [...handlers.keys()], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ topic, message }) => {
          const handler = handlers.get(topic);
          if (!handler || !message.value) return;
          await handler(JSON.parse(message.value.toString()) as EventEnvelope);
        },
      });
    }
  }

  async stop(): Promise<void> {
    for (const { consumer } of this.consumers.values()) await consumer.disconnect().catch(() => undefined);
    await this.producer?.disconnect().catch(() => undefined);
  }
}
