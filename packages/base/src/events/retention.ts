import type pg from 'pg';
import type { Logger } from '../logger.js';
import type { EventBus } from './bus.js';
import { Topic } from './topics.js';

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

/**
 * Deletion (docs/privacy/loeschkonzept.md): the published events of this schema's outbox that mention one of
 * `needles` (a deleted account's id or address, a removed membership's id, a deleted class's id; compared
 * case-insensitively in the whole payload) go at once instead of 24 hours after publishing. Events still waiting
 * are left: they have to go out.
 */
export async function forgetPublishedEvents(pool: pg.Pool, needles: readonly string[]): Promise<number> {
  const list = [...new Set(needles.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (!list.length) return 0;
  const { rowCount } = await pool.query(
    `DELETE FROM outbox_events WHERE published_at IS NOT NULL
       AND EXISTS (SELECT 1 FROM unnest($1::text[]) AS n(needle) WHERE position(n.needle IN lower(payload::text)) > 0)`,
    [list],
  );
  return rowCount ?? 0;
}

/**
 * Every service with an outbox forgets, when a deletion is announced, what its published events said about the
 * deleted account, membership or class (forgetPublishedEvents). The announcement itself is kept like every
 * published event (OUTBOX_RETENTION_HOURS). Idempotent, so it needs no record of handled events.
 */
export async function forgetEventsOnDeletion(bus: EventBus, pool: pg.Pool, service: string, log: Logger): Promise<void> {
  // One group for the three topics: one more consumer per service, not three.
  const group = `${service}:forget-events`;
  const forget = async (needles: string[]) => {
    const n = await forgetPublishedEvents(pool, needles);
    if (n) log.info({ events: n }, 'published events of a deleted account or class removed');
  };
  await bus.subscribe(Topic.UserDeleted, group, (e) => forget([e.payload.user_id, e.payload.email]));
  await bus.subscribe(Topic.MemberRemoved, group, (e) => forget([e.payload.member_id, ...(e.payload.user_id ? [e.payload.user_id] : [])]));
  await bus.subscribe(Topic.ClassDeleted, group, (e) => forget([e.payload.class_id]));
}
