import type pg from 'pg';
import type { Logger } from '../logger.js';
import type { EventBus } from './bus.js';
import type { EventEnvelope, EventPayload, Topic } from './topics.js';

export interface ConsumerOptions {
  maxAttempts?: number;
  /** Backoff before attempt n (1-based) in ms. */
  backoffMs?: (attempt: number) => number;
}

/**
 * Idempotent consumption: each (event id, consumer) is recorded in processed_events after the
 * handler succeeded; a redelivered event is skipped. Failures retry with backoff; after
 * maxAttempts the event is parked (status 'parked') and logged.
 */
export class EventConsumer {
  constructor(
    private readonly pool: pg.Pool,
    private readonly bus: EventBus,
    private readonly name: string,
    private readonly log: Logger,
    private readonly opts: ConsumerOptions = {},
  ) {}

  /** The handler gets the payload of the topic's schema (the bus checked it). */
  async on<T extends Topic>(topic: T, handler: (payload: EventPayload<T>, event: EventEnvelope<T>) => Promise<void>): Promise<void> {
    const consumer = `${this.name}:${topic}`;
    await this.bus.subscribe(topic, consumer, async (event) => {
      // A transaction-scoped advisory lock per (consumer, event): a redelivery that overlaps the first
      // delivery (Kafka rebalances hand a partition over while a handler still runs) waits here and then
      // finds the processed row, so the handler's effect happens once.
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${consumer}/${event.id}`]);
        const seen = await client.query('SELECT 1 FROM processed_events WHERE event_id = $1 AND consumer = $2', [event.id, consumer]);
        if (!seen.rowCount) await this.handle(client, topic, consumer, event, handler);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    });
  }

  private async handle<T extends Topic>(
    client: pg.PoolClient,
    topic: T,
    consumer: string,
    event: EventEnvelope<T>,
    handler: (payload: EventPayload<T>, event: EventEnvelope<T>) => Promise<void>,
  ): Promise<void> {
    const max = this.opts.maxAttempts ?? 5;
    const backoff = this.opts.backoffMs ?? ((n: number) => Math.min(100 * 2 ** (n - 1), 5000));
    let lastError = '';
    for (let attempt = 1; attempt <= max; attempt++) {
      try {
        await handler(event.payload, event);
        await client.query(`INSERT INTO processed_events (event_id, consumer, status, attempts) VALUES ($1, $2, 'done', $3) ON CONFLICT DO NOTHING`, [
          event.id,
          consumer,
          attempt,
        ]);
        return;
      } catch (e) {
        lastError = (e as Error).message;
        this.log.warn({ eventId: event.id, topic, attempt, err: lastError }, 'event handler failed');
        if (attempt < max) await new Promise((r) => setTimeout(r, backoff(attempt)));
      }
    }
    await client.query(
      `INSERT INTO processed_events (event_id, consumer, status, attempts, last_error) VALUES ($1, $2, 'parked', $3, $4) ON CONFLICT DO NOTHING`,
      [event.id, consumer, max, lastError],
    );
    this.log.error({ eventId: event.id, topic, err: lastError }, 'event parked after retries');
  }
}
