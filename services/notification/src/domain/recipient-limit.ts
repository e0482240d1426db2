import { addressOnly } from '../mail/mime.js';
import type { Config } from '../config.js';

/** docs/product/limits.md "Mails per recipient": the answer where a caller waits (429), and the reason a mail was not sent. */
export const RECIPIENT_LIMIT_MSG = 'An diese Adresse wurden heute schon zu viele E-Mails geschickt. Bitte versuche es morgen noch einmal.';

/** The daily limit of an address: higher for a confirmed account's address. */
export function recipientLimit(cfg: Pick<Config, 'MAIL_RECIPIENT_LIMIT_PER_DAY' | 'MAIL_RECIPIENT_LIMIT_CONFIRMED_PER_DAY'>, confirmed: boolean): number {
  return confirmed ? cfg.MAIL_RECIPIENT_LIMIT_CONFIRMED_PER_DAY : cfg.MAIL_RECIPIENT_LIMIT_PER_DAY;
}

/** The operator's own mailbox (contact form) has its own limit at the gateway and none per recipient. */
export function exemptFromRecipientLimit(cfg: Pick<Config, 'CONTACT_TO'>, to: string): boolean {
  return addressOnly(to).toLowerCase() === addressOnly(cfg.CONTACT_TO).toLowerCase();
}

/** Seconds until the current Europe/Berlin calendar day ends (when the counts start again), at least 1. */
export function secondsUntilBerlinMidnight(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Math.max(1, 24 * 3600 - (n('hour') * 3600 + n('minute') * 60 + n('second')));
}
