import type { Logger } from '@stundenplan/base';
import type { FetchPolicy } from '../calendar/safe-fetch.js';
import type { ClassesGateway } from '../clients/classes-client.js';
import type { TimesRepository } from '../data/times-repository.js';

/** What the use cases need; built once in main.ts. */
export interface AvailabilityDeps {
  repo: TimesRepository;
  classes: ClassesGateway;
  /** Ask the outbox relay to publish right after a commit. */
  kickOutbox: () => void;
  log: Logger;
  /** How the calendar import fetches links (safe-fetch.ts). */
  calendarFetch: FetchPolicy;
}
