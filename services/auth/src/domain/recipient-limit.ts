import { AppError } from '@stundenplan/base';
import type { AuthDeps } from './deps.js';

/** docs/product/limits.md "Mails per recipient": the answer when the address has had its mails for today. */
const RECIPIENT_LIMITED = 'An diese Adresse wurden heute schon zu viele E-Mails geschickt. Bitte versuche es morgen noch einmal.';

/**
 * Asks the notification service (where every mail is counted and the limit is enforced) before a mail the caller
 * waits for is queued: over the limit 429 with wait_time (seconds until the day ends). When notification cannot
 * answer, the mail is queued anyway: its delivery still keeps the limit, only the clear answer is missing then.
 */
export async function assertRecipientWithinLimit(deps: AuthDeps, address: string, confirmed: boolean): Promise<void> {
  let check: { allowed: boolean; waitSeconds: number };
  try {
    check = await deps.mailLimit.check(address, confirmed);
  } catch (e) {
    deps.log.warn({ err: (e as Error).message }, 'mail limit check unavailable; the delivery keeps the limit');
    return;
  }
  if (!check.allowed) throw new AppError('TOO_MANY_REQUESTS', RECIPIENT_LIMITED, { extra: { wait_time: check.waitSeconds } });
}
