import type { KeyValueStore, Logger, Pool } from '@stundenplan/base';
import type { AvailabilityClient } from '../clients/availability-client.js';
import type { Db } from '../data/prisma.js';

/** What the use cases need; built once in main.ts. */
export interface Deps {
  db: Db;
  /** The same connections as `db`, for the hot reads in data/hot-reads.ts. */
  pool: Pool;
  availability: AvailabilityClient;
  log: Logger;
  publicBaseUrl: string;
  /** Ask the outbox relay to publish right after a commit. */
  kick: () => void;
  /** Shared store: rate limits and the teacher's daily mail budget. */
  store: KeyValueStore;
  mailBudgetPerDay: number;
  /** The clock of the reminders' once-a-day rule and of the automatic reminders (tests set it). */
  now: () => Date;
}
