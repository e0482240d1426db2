import { startExclusiveJob, type ExclusiveJob, type Logger, type MailRequestedPayload } from '@stundenplan/base';

/** An unused account is deleted this many days after its warning, unless its holder signs in meanwhile. */
const ACCOUNT_DELETION_AFTER_WARNING_DAYS = 30;

export interface RetentionAccount {
  id: string;
  email: string;
  name: string;
}

export interface AccountRetentionStore {
  /** Accounts not used since `cutoff` and not warned yet. */
  unusedSince(cutoff: Date): Promise<RetentionAccount[]>;
  /** Marks the warning and writes its mail, once: false when marked already or used meanwhile. */
  warn(userId: string, cutoff: Date, now: Date, mail: MailRequestedPayload): Promise<boolean>;
  /** Warned accounts whose holder signed in since: the warning no longer holds. */
  clearSignedInAgain(): Promise<number>;
  /** Accounts warned on or before `limit` and not used since. */
  warnedBefore(limit: Date): Promise<string[]>;
  /** Deletes the account with user.deleted.v1 (every service drops its data), once: false when gone already or used meanwhile. */
  delete(userId: string, limit: Date): Promise<boolean>;
}

export interface AccountRetentionDeps {
  store: AccountRetentionStore;
  log: Logger;
  months: number;
  publicBaseUrl: string;
  now: () => Date;
  /** After a deletion: sessions of the account end at once everywhere (the store learns it). */
  revokeUser: (userId: string) => Promise<void>;
  kickOutbox: () => void;
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T | null>;
}

/** `now` minus whole calendar months (UTC). */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

const germanDay = (d: Date) => new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/** The German warning to the holder of an unused account (through mail.requested.v1). */
function accountRetentionMail(a: RetentionAccount, months: number, deleteOn: Date, loginUrl: string): MailRequestedPayload {
  const subject = 'Dein Konto im Stundenplan-Assistenten wird gelöscht';
  const lines = [
    `Hallo ${a.name},`,
    '',
    `du hast dich seit ${months} Monaten nicht mehr im Stundenplan-Assistenten angemeldet.`,
    `Dein Konto und alle Daten dazu werden deshalb am ${germanDay(deleteOn)} gelöscht.`,
    '',
    'Wenn du dein Konto behalten möchtest, melde dich vorher einfach an:',
    loginUrl,
    '',
    'Viele Grüße',
    'Dein Stundenplan-Assistent',
  ];
  return { to: a.email, subject, text: lines.join('\n') };
}

/**
 * One pass of the retention of unused accounts (docs/privacy/loeschkonzept.md): an account unused for
 * ACCOUNT_RETENTION_MONTHS gets its warning (once); one warned at least 30 days ago and not used since is deleted
 * (once), as if its holder had deleted it. A sign-in after the warning cancels it. The log names counts only.
 */
export async function runAccountRetention(deps: AccountRetentionDeps, now: Date): Promise<{ warned: number; kept: number; deleted: number }> {
  const cutoff = monthsBefore(now, deps.months);
  const dayMs = 24 * 3600 * 1000;
  const limit = new Date(now.getTime() - ACCOUNT_DELETION_AFTER_WARNING_DAYS * dayMs);
  const out = { warned: 0, kept: 0, deleted: 0 };
  out.kept = await deps.store.clearSignedInAgain();
  for (const id of await deps.store.warnedBefore(limit)) {
    if (await deps.store.delete(id, limit)) {
      out.deleted += 1;
      await deps.revokeUser(id);
    }
  }
  const loginUrl = `${deps.publicBaseUrl.replace(/\/+$/, '')}/login`;
  const deleteOn = new Date(now.getTime() + ACCOUNT_DELETION_AFTER_WARNING_DAYS * dayMs);
  for (const a of await deps.store.unusedSince(cutoff)) {
    if (await deps.store.warn(a.id, cutoff, now, accountRetentionMail(a, deps.months, deleteOn, loginUrl))) out.warned += 1;
  }
  if (out.warned || out.deleted) deps.kickOutbox();
  if (out.warned || out.kept || out.deleted) deps.log.info(out, 'account retention: warnings sent, accounts kept or deleted');
  return out;
}

export type AccountRetentionJob = ExclusiveJob<Awaited<ReturnType<typeof runAccountRetention>>>;

/** Shortly after start and then every `intervalMs`, one replica at a time (PostgreSQL session advisory lock). */
export function startAccountRetention(deps: AccountRetentionDeps, opts: { intervalMs: number; schema: string }): AccountRetentionJob {
  return startExclusiveJob(
    {
      lockKey: `${opts.schema}:account-retention`,
      intervalMs: opts.intervalMs,
      exclusively: deps.exclusively,
      log: deps.log,
      failure: 'account retention failed',
    },
    () => runAccountRetention(deps, deps.now()),
  );
}
