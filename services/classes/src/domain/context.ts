import type { KeyValueStore, Logger, MailBudgetCounter } from '@stundenplan/base';
import type { AvailabilityClient } from '../clients/availability-client.js';
import type { SchoolClient } from '../clients/school-client.js';
import type { DataAccess } from '../data/repositories.js';
import type { ReadCache } from './read-cache.js';

/** What the use cases need; built once in main.ts. */
export interface Deps {
  /** The repositories; `data.transaction` runs work with the same repositories bound to one transaction. */
  data: DataAccess;
  availability: AvailabilityClient;
  /** Checks a class's school and site ids (the school service). */
  school: SchoolClient;
  /** Kept answers of the class and member lists. */
  reads: ReadCache;
  log: Logger;
  publicBaseUrl: string;
  /** Ask the outbox relay to publish right after a commit. */
  kick: () => void;
  /** Shared store: rate limits. */
  store: KeyValueStore;
  /** Where the teacher's daily mail budget is counted (shared with schedule sendings; survives restarts). */
  mailBudget: MailBudgetCounter;
  mailBudgetPerDay: number;
  /** The clock of the reminders' once-a-day rule and of the automatic reminders (tests set it). */
  now: () => Date;
}
