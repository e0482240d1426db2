import { escapeHtml, startExclusiveJob, type ExclusiveJob, type Logger, type MailRequestedPayload } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';

/** The teacher is warned this many days before a class's data goes. */
const RETENTION_WARNING_DAYS = 14;

export interface RetentionCandidate {
  classId: string;
  teacherId: string;
  className: string;
  teacherName: string | null;
  teacherEmail: string | null;
  /** The day the data goes (YYYY-MM-DD): semester's last day (or last change) + RETENTION_DAYS_AFTER_SEMESTER. */
  dueOn: string;
  hasSemester: boolean;
  /** The due day the teacher was warned about, and when. */
  warnedFor: string | null;
  warnedAt: Date | null;
}

export interface RetentionMail {
  to: string;
  payload: MailRequestedPayload;
}

export interface ClassRetentionStore {
  candidates(daysAfter: number, horizon: string): Promise<RetentionCandidate[]>;
  warn(classId: string, dueOn: string, now: Date, mail: RetentionMail | null): Promise<boolean>;
  expire(classId: string, dueOn: string, now: Date, warnedBefore: Date): Promise<number | null>;
}

export interface ClassRetentionDeps {
  store: ClassRetentionStore;
  log: Logger;
  daysAfter: number;
  /** The job's clock (tests set it). */
  now: () => Date;
  /** Runs `work` unless another replica holds the lock `key` (then null). */
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T | null>;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const germanDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The German warning to the teacher, 14 days before (sent through mail.requested.v1). */
function retentionWarningMail(to: string, c: RetentionCandidate, daysAfter: number): MailRequestedPayload {
  const day = germanDay(c.dueOn);
  const why = c.hasSemester ? `${daysAfter} Tage nach dem letzten Tag des Semesters` : `${daysAfter} Tage nach der letzten Änderung des Kurses`;
  const subject = `Daten des Kurses „${c.className}“ werden am ${day} gelöscht`;
  const lines = [
    `Hallo ${c.teacherName ?? ''},`.replace(' ,', ','),
    '',
    `am ${day} (${why}) löscht der Stundenplan-Assistent die Daten des Kurses „${c.className}“:`,
    'die verfügbaren Zeiten und Wunschzeiten, die datierten Termine des versendeten Stundenplans',
    'und alles, was du über Mitglieder ohne eigenes Konto eingetragen hast (Name, E-Mail-Adresse).',
    '',
    'Der Kurs selbst und die Mitglieder mit eigenem Konto bleiben erhalten.',
    'Wenn du etwas davon behalten möchtest, lade es vorher herunter (z. B. den Stundenplan als PDF).',
    '',
    'Viele Grüße',
    'Dein Stundenplan-Assistent',
  ];
  const html = lines
    .join('\n')
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { to, subject, text: lines.join('\n'), html };
}

/**
 * One pass of the retention of classes' data (docs/privacy/loeschkonzept.md): a class whose due day is 14 days
 * ahead or nearer gets its warning (once per due day); a class whose due day has come, warned for that day at
 * least 14 days before, loses its data (once). The log names counts only, no person and no class.
 */
export async function runClassRetention(deps: ClassRetentionDeps, now: Date): Promise<{ warned: number; expired: number; membersRemoved: number }> {
  const today = berlinToday(now);
  const warnedBefore = new Date(now.getTime() - RETENTION_WARNING_DAYS * 24 * 3600 * 1000);
  const out = { warned: 0, expired: 0, membersRemoved: 0 };
  for (const c of await deps.store.candidates(deps.daysAfter, addDays(today, RETENTION_WARNING_DAYS))) {
    if (c.warnedFor !== c.dueOn) {
      const mail = c.teacherEmail ? { to: c.teacherEmail, payload: retentionWarningMail(c.teacherEmail, c, deps.daysAfter) } : null;
      if (await deps.store.warn(c.classId, c.dueOn, now, mail)) out.warned += 1;
    } else if (c.dueOn <= today && c.warnedAt && c.warnedAt <= warnedBefore) {
      const removed = await deps.store.expire(c.classId, c.dueOn, now, warnedBefore);
      if (removed !== null) {
        out.expired += 1;
        out.membersRemoved += removed;
      }
    }
  }
  if (out.warned || out.expired) deps.log.info(out, 'class data retention: warnings sent, data deleted');
  return out;
}

export type ClassRetentionJob = ExclusiveJob<Awaited<ReturnType<typeof runClassRetention>>>;

/** The retention job: shortly after start and then every `intervalMs`, one replica at a time (session advisory lock). */
export function startClassRetention(deps: ClassRetentionDeps, opts: { intervalMs: number; schema: string; firstPassDelayMs?: number }): ClassRetentionJob {
  return startExclusiveJob(
    {
      lockKey: `${opts.schema}:class-retention`,
      intervalMs: opts.intervalMs,
      firstPassDelayMs: opts.firstPassDelayMs,
      exclusively: deps.exclusively,
      log: deps.log,
      failure: 'class data retention failed',
    },
    () => runClassRetention(deps, deps.now()),
  );
}
