import type { Logger, MailBudgetCounter } from '@stundenplan/base';
import type { AvailabilityClient } from '../clients/availability-client.js';
import type { ClassesClient } from '../clients/classes-client.js';
import type { SchedulingClient } from '../clients/scheduling-client.js';
import type { Config } from '../config.js';
import type { CalendarTokenRepository } from '../data/calendar-token-repository.js';
import type { ContactRepository } from '../data/contact-repository.js';
import type { ErasureRepository } from '../data/erasure-repository.js';
import type { MailRepository } from '../data/mail-repository.js';
import type { MakeupRepository } from '../data/makeup-repository.js';
import type { RecipientCountRepository } from '../data/recipient-count-repository.js';
import type { SendingRepository } from '../data/sending-repository.js';
import type { SwapRepository } from '../data/swap-repository.js';
import type { Mailer } from '../mail/mailer.js';

export interface NotificationDeps {
  cfg: Config;
  log: Logger;
  mails: MailRepository;
  calendarTokens: CalendarTokenRepository;
  contacts: ContactRepository;
  sendings: SendingRepository;
  /** Swaps between students (docs/product/semester.md "Swaps"). */
  swaps: SwapRepository;
  /** Lesson rules, cancellations and make-up lessons (docs/product/semester.md). */
  makeups: MakeupRepository;
  /** What goes with a deleted account, membership or class (docs/privacy/loeschkonzept.md). */
  erasure: ErasureRepository;
  /** The members' times (a swap must fit both students). */
  availability: AvailabilityClient;
  classes: ClassesClient;
  scheduling: SchedulingClient;
  mailer: Mailer;
  kickOutbox: () => void;
  /** When the auth service last ended every session of the account (ms, from the shared store), or null. */
  sessionsEndedAt: (userId: string) => Promise<number | null>;
  /** Mails per recipient and day (the daily limit per recipient, docs/product/limits.md). */
  recipientCounts: RecipientCountRepository;
  /** Where the teacher's daily mail budget is counted (shared with classes' invitations; survives restarts). */
  mailBudget: MailBudgetCounter;
}

export type { MailRow } from '../data/mail-repository.js';
