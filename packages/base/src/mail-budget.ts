import type { Pool } from './db.js';
import { AppError } from './errors.js';
import { migrate, type Migration } from './migrator.js';
import type { KeyValueStore } from './store.js';

// A daily mail budget per teacher, shared by every service that sends mail on a teacher's behalf
// (classes: invitations and reminders, notification: schedule sendings), so both count against it.
// It must survive a restart: with STORE=redis it lives in Redis (which every replica shares); with the
// memory store (embedded mode) it lives in PostgreSQL, in the small platform schema `mail_budget` that
// every sending service of the deployment's one database shares (mailBudgetCounter below).

const MAIL_BUDGET_WINDOW_SECONDS = 24 * 60 * 60;
export const DEFAULT_MAIL_BUDGET_PER_DAY = 500;
/** The platform schema of the PostgreSQL-backed budget (memory store). */
export const MAIL_BUDGET_SCHEMA = 'mail_budget';

const mailBudgetExceeded = (limit: number) =>
  `Tageslimit für E-Mails erreicht: höchstens ${limit} Empfänger*innen pro Tag (Einladungen und Stundenpläne zusammen). Bitte versuche es später erneut.`;

/** Where the budget is counted: a counter with a window (the store's incr, or PostgresCounter). */
export type MailBudgetCounter = Pick<KeyValueStore, 'incr'>;

export interface MailBudgetReservation {
  /** Gives the recipients back (the mails were not sent after all). */
  release(): Promise<void>;
}

/**
 * Counts `recipients` mails against the teacher's budget for the current 24-hour window (it starts
 * with the first mail). Over the budget nothing is counted and the answer is 429 with `wait_time` in
 * seconds until the window ends.
 */
export async function reserveMailBudget(counter: MailBudgetCounter, teacherId: string, recipients: number, limit: number): Promise<MailBudgetReservation> {
  const key = `mail-budget:${teacherId}`;
  const n = Math.max(0, Math.floor(recipients));
  const { count, ttlSeconds } = await counter.incr(key, MAIL_BUDGET_WINDOW_SECONDS, n);
  const release = async () => {
    if (n > 0) await counter.incr(key, MAIL_BUDGET_WINDOW_SECONDS, -n);
  };
  if (count > limit) {
    await release();
    throw new AppError('TOO_MANY_REQUESTS', mailBudgetExceeded(limit), { extra: { wait_time: ttlSeconds } });
  }
  return { release };
}

const MAIL_BUDGET_MIGRATIONS: Migration[] = [
  {
    name: '00000000000001_mail_budget_counters',
    sql: `CREATE TABLE counters (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);`,
  },
];

/**
 * Windowed counters in PostgreSQL with the store's incr semantics: the window (TTL) starts when the
 * counter is created or after it expired; one statement, so concurrent increments never lose a count.
 */
class PostgresCounter implements MailBudgetCounter {
  constructor(
    private readonly pool: Pool,
    private readonly schema: string = MAIL_BUDGET_SCHEMA,
  ) {}

  async incr(key: string, ttlSeconds: number, by = 1): Promise<{ count: number; ttlSeconds: number }> {
    const { rows } = await this.pool.query<{ count: number; ttl: number }>(
      `INSERT INTO "${this.schema}".counters AS c (key, count, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.expires_at <= now() THEN EXCLUDED.count ELSE c.count + EXCLUDED.count END,
         expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
       RETURNING c.count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM c.expires_at - now())))::int AS ttl`,
      [key, by, ttlSeconds],
    );
    return { count: rows[0]!.count, ttlSeconds: rows[0]!.ttl };
  }
}

/**
 * The counter a sending service reserves its teachers' mails from: the shared Redis store when there is
 * one, else PostgreSQL (the schema is created on first use; concurrent starts wait for each other).
 * `pool` is the service's own pool; the statements name the budget's schema.
 */
export async function mailBudgetCounter(
  cfg: { STORE: 'memory' | 'redis'; DATABASE_URL: string },
  store: KeyValueStore,
  pool: Pool,
): Promise<MailBudgetCounter> {
  if (cfg.STORE === 'redis') return store;
  await migrate(cfg.DATABASE_URL, MAIL_BUDGET_SCHEMA, MAIL_BUDGET_MIGRATIONS);
  return new PostgresCounter(pool);
}
