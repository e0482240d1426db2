import { startExclusiveJob } from '@stundenplan/base';
import { berlinToday, DEADLINE_TIME_ZONE } from '@stundenplan/timegrid';
import type { Deps } from './context.js';
import { remindMembers } from './reminders.js';

/** Automatic reminders go out this many days before a class's deadline. */
const AUTO_REMINDER_DAYS_BEFORE = [3, 1] as const;

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function berlinHour(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: DEADLINE_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/**
 * Sends the automatic reminders due today: for every class with automatic reminders switched on whose
 * deadline is 3 or 1 days ahead (Europe/Berlin), the same reminder the teacher's button sends, on the
 * teacher's behalf and budget. A member gets at most one reminder per day (manual or automatic): the
 * reminder row and the mail's outbox event are written in one transaction under a per-class lock, so a
 * crash in between leaves neither, and a second run the same day finds the row.
 */
async function sendDueReminders(deps: Deps, now: Date): Promise<number> {
  const today = berlinToday(now);
  const days = AUTO_REMINDER_DAYS_BEFORE.map((d) => new Date(`${addDays(today, d)}T00:00:00Z`));
  const classes = await deps.data.classes.withAutoRemindersOn(days);
  let sent = 0;
  for (const c of classes) {
    try {
      sent += (await remindMembers(deps, { userId: c.teacherId, name: '' }, c.classId, now)).recipient_count;
    } catch (e) {
      // Over the teacher's mail budget, availability down, class deleted meanwhile: the next run tries again.
      deps.log.warn({ err: (e as Error).message, classId: c.classId }, 'automatic reminder skipped');
    }
  }
  if (sent) deps.log.info({ sent, classes: classes.length }, 'automatic reminders sent');
  return sent;
}

export interface AutoReminderOptions {
  /** Timer period; 0 = no timer (runOnce still works). */
  intervalMs: number;
  /**
   * The first pass after start, in ms (default FIRST_PASS_DELAY_MS, at most intervalMs): a service restarted
   * on a due day mails then, not an interval later. Doubles cannot happen (once per member and day).
   */
  firstPassDelayMs?: number;
  /** No pass before this hour (Europe/Berlin). */
  fromHour: number;
  /** The service schema: the lock is per schema, so services on other schemas of the same database never wait for each other. */
  schema: string;
}

export interface AutoReminderJob {
  /**
   * One pass, if no other pass runs: neither in this process nor in another replica on the same schema
   * (a PostgreSQL session advisory lock, released at the end or when the connection dies with its process).
   * Answers how many reminders were sent, or null when the pass was skipped (another one runs, or before fromHour).
   */
  runOnce(): Promise<number | null>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Default delay of the first pass after start: the service is up, its neighbours have had a moment to start. */
const FIRST_PASS_DELAY_MS = 5_000;

/** The automatic-reminder job: runOnce shortly after start and then every `intervalMs`, one replica at a time. */
export function startAutoReminders(deps: Deps, opts: AutoReminderOptions): AutoReminderJob {
  return startExclusiveJob(
    {
      lockKey: `${opts.schema}:auto-reminders`,
      intervalMs: opts.intervalMs,
      firstPassDelayMs: opts.firstPassDelayMs ?? FIRST_PASS_DELAY_MS,
      exclusively: deps.data.exclusively,
      log: deps.log,
      failure: 'automatic reminders failed',
    },
    async () => {
      const now = deps.now();
      return berlinHour(now) < opts.fromHour ? null : sendDueReminders(deps, now);
    },
  );
}
