import { berlinToday, DEADLINE_TIME_ZONE } from '@stundenplan/timegrid';
import type { Deps } from './context.js';
import { remindMembers } from './reminders.js';

/** Automatic reminders go out this many days before a class's deadline (issue 16). */
export const AUTO_REMINDER_DAYS_BEFORE = [3, 1] as const;

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function berlinHour(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: DEADLINE_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/**
 * Sends the automatic reminders due today: for every class whose deadline is 3 or 1 days ahead
 * (Europe/Berlin), the same reminder the teacher's button sends, on the teacher's behalf and budget.
 * Safe to run often and on every replica: a member gets at most one reminder per day (manual or automatic).
 */
export async function sendDueReminders(deps: Deps, now: Date = new Date()): Promise<number> {
  const today = berlinToday(now);
  const days = AUTO_REMINDER_DAYS_BEFORE.map((d) => new Date(`${addDays(today, d)}T00:00:00Z`));
  const classes = await deps.db.class.findMany({ where: { deadline: { in: days } }, select: { classId: true, teacherId: true }, orderBy: { classId: 'asc' } });
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

/** Runs sendDueReminders every `intervalMs` from `fromHour` o'clock Berlin time on (no mails at night). Returns a stop function. */
export function startAutoReminders(deps: Deps, intervalMs: number, fromHour: number): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    const now = new Date();
    if (running || berlinHour(now) < fromHour) return;
    running = true;
    sendDueReminders(deps, now)
      .catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'automatic reminders failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
