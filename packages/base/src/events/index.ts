export * from './topics.js';
export * from './bus.js';
export * from './kafka-bus.js';
export * from './outbox.js';
export * from './consumer.js';
export * from './retention.js';
import { sharedInProcessBus, type EventBus } from './bus.js';
import { KafkaBus } from './kafka-bus.js';

/** Embedded mode shares one in-process bus; distributed mode one Kafka client per service. */
export function createBus(cfg: { EVENT_BUS: 'memory' | 'kafka'; KAFKA_BROKERS: string }, clientId: string): EventBus {
  if (cfg.EVENT_BUS === 'kafka')
    return new KafkaBus(
      cfg.KAFKA_BROKERS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      clientId,
    );
  return sharedInProcessBus();
}
