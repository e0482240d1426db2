import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../logger.js';
import type { EventBus } from './bus.js';
import { InvalidEventError, parsePayload, type EventEnvelope, type EventPayload, type Topic } from './topics.js';

/**
 * SQL + values that insert one event into the caller's outbox inside the caller's transaction. The payload is
 * checked against the topic's schema here (InvalidEventError), so an invalid event fails the writing transaction.
 * `firstParam` numbers the placeholders from there on, so the insert can sit in a larger statement (a CTE) whose
 * own values come first.
 */
export function outboxInsert<T extends Topic>(topic: T, key: string, payload: EventPayload<T>, firstParam = 1): { text: string; values: unknown[] } {
  const event: EventEnvelope<T> = { id: randomUUID(), topic, key, version: 1, occurredAt: new Date().toISOString(), payload: parsePayload(topic, payload) };
  const [a, b, c, d] = [0, 1, 2, 3].map((i) => `$${firstParam + i}`);
  return {
    text: `INSERT INTO outbox_events (id, topic, key, payload) VALUES (${a}, ${b}, ${c}, ${d})`,
    values: [event.id, topic, key, JSON.stringify(event)],
  };
}

/** Something that can run a parameterised statement: a pg client, or a Prisma transaction via $executeRawUnsafe. */
export type SqlExecutor = (text: string, values: unknown[]) => Promise<unknown>;

export async function writeOutbox<T extends Topic>(exec: SqlExecutor, topic: T, key: string, payload: EventPayload<T>): Promise<void> {
  const { text, values } = outboxInsert(topic, key, payload);
  await exec(text, values);
}

/**
 * Publishes committed outbox rows in order and marks them sent. Rows are claimed with
 * SKIP LOCKED so several replicas can relay one schema; a crash before marking republishes
 * (consumers are idempotent), never loses.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private kicked = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly bus: EventBus,
    private readonly log: Logger,
    private readonly opts: { intervalMs?: number; batchSize?: number } = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for an immediate pass (after a commit). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kicked = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => undefined)
        .catch((e: unknown) => this.log.warn({ err: (e as Error).message }, 'outbox relay pass failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.kicked ? 0 : (this.opts.intervalMs ?? 250));
          this.kicked = false;
        });
    }, ms);
  }

  /** One pass; returns how many events were published. Exposed for tests. */
  async pass(): Promise<number> {
    let total = 0;
    for (;;) {
      const client = await this.pool.connect();
      let published = 0;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ id: string; payload: EventEnvelope }>(
          `SELECT id, payload FROM outbox_events WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.opts.batchSize ?? 100],
        );
        // Published rows are marked in one statement per pass (also when a later one fails).
        const sent: string[] = [];
        const markSent = () => (sent.length ? client.query('UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::uuid[])', [sent]) : undefined);
        for (const row of rows) {
          try {
            await this.bus.publish(row.payload);
          } catch (e) {
            if (e instanceof InvalidEventError) {
              // Can never become valid (outboxInsert checks every new row): logged and passed over, so it does not block the rows behind it.
              this.log.error({ eventId: row.id, topic: e.topic, err: e.issues }, 'outbox event with an invalid payload skipped');
              sent.push(row.id);
              continue;
            }
            await markSent();
            await client.query('UPDATE outbox_events SET attempts = attempts + 1 WHERE id = $1', [row.id]);
            throw e;
          }
          sent.push(row.id);
          published++;
        }
        await markSent();
        await client.query('COMMIT');
      } catch (e) {
        await client.query('COMMIT').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
      total += published;
      if (published < (this.opts.batchSize ?? 100)) return total;
    }
  }

  async backlog(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox_events WHERE published_at IS NULL');
    return Number(rows[0]?.n ?? 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
