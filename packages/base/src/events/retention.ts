import type pg from 'pg';
import type { Logger } from '../logger.js';

export interface EventRetentionOptions {
  /** Published outbox rows are deleted this many hours after publishing (their payloads hold names, e-mails, mail texts). */
  outboxHours: number;
  /** Records of handled events ('done') are deleted after this many days; longer than the broker keeps a topic. */
  processedDays: number;
  /** Between two passes; the first pass runs one interval after start. */
  intervalMs?: number;
  /** Rows per DELETE statement, so no pass holds long locks. */
  batchSize?: number;
}

const HOUR_MS = 3_600_000;

/**
 * Keeps the event tables of a schema small and free of old personal data: published outbox rows and
 * the processed-event records outlive their use only by the configured windows. Unpublished outbox rows
 * and parked (failed) events are never touched: the first still have to go out, the second are for an operator.
 * Deletes are idempotent, so every replica of a service may run this at the same time.
 */
export class EventRetention {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly opts: EventRetentionOptions,
  ) {}

  start(): void {
    const interval = this.opts.intervalMs ?? HOUR_MS;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.prune()
        .catch((e: unknown) => this.log.warn({ err: (e as Error).message }, 'event retention pass failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, interval);
    this.timer.unref();
  }

  /** One pass; returns how many rows each table lost. Exposed for tests. */
  async prune(): Promise<{ outbox: number; processed: number }> {
    const batch = this.opts.batchSize ?? 5000;
    const outbox = await this.deleteInBatches(
      `DELETE FROM outbox_events WHERE id IN (
         SELECT id FROM outbox_events WHERE published_at < now() - make_interval(hours => $1) LIMIT $2)`,
      [this.opts.outboxHours, batch],
      batch,
    );
    const processed = await this.deleteInBatches(
      `DELETE FROM processed_events WHERE (event_id, consumer) IN (
         SELECT event_id, consumer FROM processed_events WHERE status = 'done' AND processed_at < now() - make_interval(days => $1) LIMIT $2)`,
      [this.opts.processedDays, batch],
      batch,
    );
    if (outbox || processed) this.log.info({ outbox, processed }, 'old event rows deleted');
    return { outbox, processed };
  }

  private async deleteInBatches(text: string, values: unknown[], batch: number): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await this.pool.query(text, values);
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) return total;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
