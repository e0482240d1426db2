import { AppError } from './errors.js';
import type { KeyValueStore } from './store.js';

// A daily mail budget per teacher, shared by every service that sends mail on a teacher's behalf
// (classes: invitations, notification: schedule sendings). It lives in the store, which every service
// of a deployment shares (memory in embedded mode, Redis when distributed), so both count against it.

export const MAIL_BUDGET_WINDOW_SECONDS = 24 * 60 * 60;
export const DEFAULT_MAIL_BUDGET_PER_DAY = 500;

export const mailBudgetExceeded = (limit: number) =>
  `Tageslimit für E-Mails erreicht: höchstens ${limit} Empfänger*innen pro Tag (Einladungen und Stundenpläne zusammen). Bitte versuche es später erneut.`;

export interface MailBudgetReservation {
  /** Gives the recipients back (the mails were not sent after all). */
  release(): Promise<void>;
}

/**
 * Counts `recipients` mails against the teacher's budget for the current 24-hour window (it starts
 * with the first mail). Over the budget nothing is counted and the answer is 429 with `wait_time` in
 * seconds until the window ends.
 */
export async function reserveMailBudget(store: KeyValueStore, teacherId: string, recipients: number, limit: number): Promise<MailBudgetReservation> {
  const key = `mail-budget:${teacherId}`;
  const n = Math.max(0, Math.floor(recipients));
  const { count, ttlSeconds } = await store.incr(key, MAIL_BUDGET_WINDOW_SECONDS, n);
  const release = async () => {
    if (n > 0) await store.incr(key, MAIL_BUDGET_WINDOW_SECONDS, -n);
  };
  if (count > limit) {
    await release();
    throw new AppError('TOO_MANY_REQUESTS', mailBudgetExceeded(limit), { extra: { wait_time: ttlSeconds } });
  }
  return { release };
}
