import { createHash } from 'node:crypto';
import { AppError, reserveMailBudget, type MailBudgetReservation, type MailRequestedPayload, type SessionUser } from '@stundenplan/base';
import { berlinToday, isDeadlineDate } from '@stundenplan/timegrid';
import type { ClassForSending, ClassMember } from '../clients/classes-client.js';
import type { NotificationDeps } from './deps.js';
import { followFrequency, seriesOf } from './dated-lesson.js';
import { EMAIL_RE } from './mail-request.js';
import { recipientLimit, secondsUntilBerlinMidnight } from './recipient-limit.js';
import { isWellFormedPdf } from './pdf-structure.js';
import { addDays, buildCalendar, DEFAULT_WEEKS, ICS_CONTENT_TYPE, ICS_FILENAME, lessonsFromSchedule, type Lesson } from './calendar-ics.js';
import { changedMembers, coursesLink, ownLessonsText } from './own-lessons.js';

/** docs/product/api.md POST send-schedule-to-students; German texts of the answers. */
export const SEND_MSG = {
  noClass: 'Keine Klasse ausgewählt',
  noFile: 'Keine PDF-Datei erhalten.',
  notPdf: 'Die Datei ist keine PDF-Datei.',
  noRecipients: 'Keine Studierenden mit E-Mail-Adresse in dieser Klasse.',
  scheduleNameLength: 'Der Name des Stundenplans darf höchstens 200 Zeichen lang sein.',
  messageLength: 'Die Nachricht darf höchstens 2000 Zeichen lang sein.',
  success: (n: number) => `Stundenplan an ${n} Studierende gesendet.`,
  /** docs/product/limits.md "Mails per recipient": who is left out, and why. */
  skipped: (k: number) =>
    k === 1
      ? '1 Studierende*r bekommt heute keine E-Mail mehr: An diese Adresse wurden heute schon zu viele E-Mails geschickt.'
      : `${k} Studierende bekommen heute keine E-Mail mehr: An ihre Adressen wurden heute schon zu viele E-Mails geschickt.`,
  allSkipped: 'An die Adressen aller Studierenden wurden heute schon zu viele E-Mails geschickt. Bitte versuche es morgen noch einmal.',
  /** recipients=changed, and nobody's lessons changed since the last sending. */
  noneChanged: 'Niemand bekommt eine E-Mail: Seit dem letzten Versand hat sich an keiner Stunde etwas geändert.',
  recipientsChoice: 'Die Empfänger*innen müssen „changed“ (nur geänderte) oder „all“ (alle) sein.',
  untilFormat: 'Das Enddatum muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
  untilPast: 'Das Enddatum darf nicht in der Vergangenheit liegen.',
  untilTooFar: 'Das Enddatum darf höchstens ein Jahr in der Zukunft liegen.',
} as const;

/** Latest end date of a calendar series, counted from today. */
const UNTIL_MAX_DAYS = 366;

const PDF_FILENAME = 'stundenplan.pdf';
export const PDF_MAX_BYTES = 5 * 1024 * 1024;
const SCHEDULE_NAME_MAX = 200;
/** An identical sending (teacher, class, name, message, end date, PDF) within this time is answered, not mailed again. */
const SEND_REPEAT_WINDOW_SECONDS = 60;
const MESSAGE_MAX = 2000;

export interface SendScheduleInput {
  classId: unknown;
  scheduleName: unknown;
  message: unknown;
  pdf: Buffer | undefined;
  /** Last day of the lessons in the calendar files (YYYY-MM-DD); default 15 weeks from today. */
  until?: unknown;
  /** 'all' (absent: SPEC) or 'changed': only the students whose lessons changed since the last sending. */
  recipients?: unknown;
}

export interface SendScheduleResult {
  recipient_count: number;
  /** Left out: their address has had its mails for today. */
  skipped_count?: number;
  message: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Line ends normalised; at most two blank lines in a row (a pasted message stays readable). */
const multiline = (v: string): string => v.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n');

/** A well-formed PDF (header, cross-reference section, trailer), not just a file starting with '%PDF-'. */
export function isPdf(file: Buffer): boolean {
  return isWellFormedPdf(file);
}

/** One recipient per distinct address (case-insensitive), the first member's name; members without a usable address are skipped. */
export function recipientsOf(members: ClassMember[]): Recipient[] {
  const seen = new Map<string, Recipient>();
  for (const m of members) {
    const email = m.email.trim();
    if (!email || !EMAIL_RE.test(email)) continue;
    const key = email.toLowerCase();
    // A verified member has logged in, so the address is a confirmed account's (the higher daily limit per recipient).
    if (!seen.has(key)) seen.set(key, { email, name: m.name.trim(), memberId: m.memberId, confirmed: Boolean(m.userId) && m.verified });
  }
  return [...seen.values()];
}

interface Recipient {
  email: string;
  name: string;
  memberId: string;
  confirmed: boolean;
}

/** The recipients whose address still has room today, and how many are left out (docs/product/limits.md "Mails per recipient"). */
async function withinRecipientLimit(deps: NotificationDeps, all: Recipient[]): Promise<{ recipients: Recipient[]; skipped: number }> {
  const counts = await deps.recipientCounts.counts(
    all.map((r) => r.email),
    berlinToday(),
  );
  const recipients = all.filter((r) => (counts.get(r.email) ?? 0) < recipientLimit(deps.cfg, r.confirmed));
  return { recipients, skipped: all.length - recipients.length };
}

/** 'all' (also when absent: the SPEC's behaviour) or 'changed'. */
function parseRecipients(v: unknown): 'all' | 'changed' {
  const raw = typeof v === 'string' ? v.trim() : v;
  if (raw === undefined || raw === null || raw === '' || raw === 'all') return 'all';
  if (raw === 'changed') return 'changed';
  throw AppError.badRequest(SEND_MSG.recipientsChoice);
}

function answer(recipientCount: number, skipped: number): SendScheduleResult {
  return skipped
    ? { recipient_count: recipientCount, skipped_count: skipped, message: `${SEND_MSG.success(recipientCount)} ${SEND_MSG.skipped(skipped)}` }
    : { recipient_count: recipientCount, message: SEND_MSG.success(recipientCount) };
}

/** The series' last day: a real date from today up to a year ahead; missing = 15 weeks from today. */
function parseUntil(v: unknown, today: string): string {
  const raw = typeof v === 'string' ? v.trim() : v;
  if (raw === undefined || raw === null || raw === '') return addDays(today, DEFAULT_WEEKS * 7 - 1);
  if (!isDeadlineDate(raw)) throw AppError.badRequest(SEND_MSG.untilFormat);
  if (raw < today) throw AppError.badRequest(SEND_MSG.untilPast);
  if (raw > addDays(today, UNTIL_MAX_DAYS)) throw AppError.badRequest(SEND_MSG.untilTooFar);
  return raw;
}

function scheduleMail(opts: {
  recipient: { email: string; name: string; confirmed?: boolean };
  cls: ClassForSending;
  teacherName: string;
  teacherEmail: string | null;
  scheduleName: string | null;
  message: string | null;
  /** sha256 of the PDF stored once in mail_blobs. */
  pdfSha256: string;
  /** The recipient's own lessons as an iCalendar file, when the schedule has any. */
  ics?: string | null;
  /** The recipient's own weekly lessons in the plan ([] = not placed); null when the saved plan is not known. */
  lessons?: Lesson[] | null;
  /** 'Meine Kurse' as an absolute link (PUBLIC_BASE_URL). */
  coursesUrl?: string;
}): MailRequestedPayload {
  const { recipient, cls, teacherName, scheduleName, message } = opts;
  const who = teacherName
    ? { subject: teacherName, of: `von ${teacherName}`, to: teacherName }
    : { subject: 'Deine Lehrkraft', of: 'deiner Lehrkraft', to: 'deine Lehrkraft' };
  const plan = scheduleName ? `den Stundenplan „${scheduleName}“ für „${cls.name}“` : `den Stundenplan für „${cls.name}“`;
  const lines = [
    recipient.name ? `Hallo ${recipient.name},` : 'Hallo,',
    '',
    `${who.subject} hat dir ${plan} geschickt. Du findest ihn als PDF im Anhang (${PDF_FILENAME}).`,
    '',
    ...(opts.ics
      ? [`Deinen Unterricht findest du außerdem als Kalenderdatei im Anhang (${ICS_FILENAME}): Öffne sie, um die Termine in deinen Kalender zu übernehmen.`, '']
      : []),
    // Every member gets the plan, also those it leaves out: they must learn that they have no lesson yet.
    ...(opts.lessons
      ? [...ownLessonsText(opts.lessons, who.subject), '']
      : [
          `Steht dein Name nicht im Plan, hat ${who.to} für dich noch keinen Termin eingetragen. Melde dich dann bitte bei ${who.to}, damit ihr einen Termin findet.`,
          '',
        ]),
    ...(opts.coursesUrl ? [`Deine Termine, Absagen und Tauschmöglichkeiten findest du unter „Meine Kurse“: ${opts.coursesUrl}`, ''] : []),
    ...(message ? [`Nachricht ${who.of}:`, '', message, ''] : []),
    `Bei Fragen wende dich bitte direkt an ${who.to}${opts.teacherEmail ? ' – du kannst einfach auf diese E-Mail antworten' : ''}.`,
    '',
    'Viele Grüße',
    'Dein Stundenplan-Assistent',
    '',
  ];
  return {
    to: recipient.email,
    ...(recipient.confirmed ? { to_confirmed: true } : {}),
    ...(opts.teacherEmail ? { replyTo: opts.teacherEmail } : {}),
    subject: `Dein Stundenplan für „${cls.name}“`,
    text: lines.join('\n'),
    attachments: [
      { filename: PDF_FILENAME, contentType: 'application/pdf', blobSha256: opts.pdfSha256 },
      ...(opts.ics ? [{ filename: ICS_FILENAME, contentType: ICS_CONTENT_TYPE, contentBase64: Buffer.from(opts.ics, 'utf8').toString('base64') }] : []),
    ],
  };
}

/**
 * The lessons of the class's newest saved schedule for the calendar files, and the class's semester (whose
 * days the files then cover, without its holidays and breaks). Without a saved schedule, or when the
 * scheduling or classes service cannot answer, the mails go out with the PDF only (logged): the PDF is
 * what the teacher sends, the calendar is an extra.
 */
async function sentLessons(deps: NotificationDeps, classId: string, teacherId: string, from: string, until: string) {
  try {
    const saved = await deps.scheduling.latestSchedule(classId, teacherId);
    if (!saved) return { calendar: null, semester: undefined };
    const lessons = Object.fromEntries(lessonsFromSchedule(saved.availableTimes, saved.rooms));
    const semester = (await deps.classes.semesters([classId])).get(classId);
    return { calendar: { scheduleId: saved.scheduleId, lessons, from, until }, semester };
  } catch (e) {
    deps.log.warn({ err: (e as Error).message, classId }, 'scheduling or classes unreachable: schedule mails without calendar files');
    return { calendar: null, semester: undefined };
  }
}

/**
 * Mails the PDF to every member of the teacher's class that has an e-mail address, through this
 * service's own outbox (one mail.requested.v1 event per recipient, all in one transaction with the
 * history row), so a crash loses no mail and the consumer (idempotent per event id) sends none twice.
 *
 * The same request again within SEND_REPEAT_WINDOW_SECONDS (a double click on "Senden", a retry
 * after a timeout, parallel requests) is the first sending: answered the same, mailed once. Later, or
 * with another PDF, name, message or end date, it is a new sending. Redelivery of one event never mails twice.
 */
export async function sendScheduleToStudents(deps: NotificationDeps, user: SessionUser, input: SendScheduleInput): Promise<SendScheduleResult> {
  const classId = text(input.classId);
  if (!classId) throw AppError.badRequest(SEND_MSG.noClass);
  const pdf = input.pdf;
  if (!pdf || pdf.length === 0) throw AppError.badRequest(SEND_MSG.noFile);
  if (!isPdf(pdf)) throw AppError.badRequest(SEND_MSG.notPdf);
  const scheduleName = text(input.scheduleName) || null;
  if (scheduleName && scheduleName.length > SCHEDULE_NAME_MAX) throw AppError.badRequest(SEND_MSG.scheduleNameLength);
  const message = multiline(text(input.message)) || null;
  if (message && message.length > MESSAGE_MAX) throw AppError.badRequest(SEND_MSG.messageLength);
  const today = berlinToday();
  const until = parseUntil(input.until, today);

  const mode = parseRecipients(input.recipients);

  // Ownership first (403/404), then the members under the same rule.
  const cls = await deps.classes.getClass(classId, user.userId);
  const members = await deps.classes.listMembers(cls.classId, user.userId);
  const everyone = recipientsOf(members);
  if (!everyone.length) throw AppError.badRequest(SEND_MSG.noRecipients);

  const teacherName = cls.teacherName.trim() || user.name.trim();
  const teacherEmail = EMAIL_RE.test(user.email.trim()) ? user.email.trim() : null;
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
  const sent = await sentLessons(deps, cls.classId, user.userId, today, until);
  const { semester } = sent;
  // Each member's lessons as their frequency says now (dated-lessons followFrequency): stored so, and in the files.
  const frequencies = new Map(members.map((m) => [m.memberId, m.frequency]));
  const calendar = sent.calendar && {
    ...sent.calendar,
    lessons: Object.fromEntries(Object.entries(sent.calendar.lessons).map(([id, l]) => [id, followFrequency(l, frequencies.get(id))])),
  };
  // The same request again within SEND_REPEAT_WINDOW_SECONDS (a double click, a retry) is the same sending:
  // same teacher, class, texts, PDF, calendar content and recipients (a changed saved schedule or semester is a new sending).
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([user.userId, cls.classId, scheduleName, message, until, pdfSha256, calendar, semester ?? null, mode]))
    .digest('hex');
  // Only the students whose lessons changed since the last sending (recipients=changed), or everyone.
  const changed =
    mode === 'changed' && calendar
      ? changedMembers(
          everyone.map((r) => r.memberId),
          calendar.lessons,
          // A repeat of this very request (same fingerprint, in the window) compares with what came before it.
          await deps.sendings.lastSending(cls.classId, { fingerprint, windowSeconds: SEND_REPEAT_WINDOW_SECONDS }),
        )
      : null;
  const chosen = changed ? everyone.filter((r) => changed.has(r.memberId)) : everyone;
  if (!chosen.length) return { recipient_count: 0, message: SEND_MSG.noneChanged };
  const { recipients, skipped } = await withinRecipientLimit(deps, chosen);
  if (!recipients.length) throw new AppError('TOO_MANY_REQUESTS', SEND_MSG.allSkipped, { extra: { wait_time: secondsUntilBerlinMidnight() } });
  // Who knows their lessons of this plan afterwards: those mailed now, and those whose lessons stayed as they were told.
  const mailed = new Set(recipients.map((r) => r.memberId));
  const informed = members.map((m) => m.memberId).filter((id) => mailed.has(id) || (changed !== null && !changed.has(id)));

  const icsFor = (memberId: string): string | null => {
    const lessons = calendar?.lessons[memberId];
    if (!calendar || !lessons?.length) return null;
    return buildCalendar([{ key: `${cls.classId}-${memberId}`, className: cls.name, teacherName, lessons, ...seriesOf(calendar, semester) }]);
  };
  const coursesUrl = coursesLink(deps.cfg.PUBLIC_BASE_URL);
  let budget: MailBudgetReservation | undefined;
  const { row: sending, repeated } = await deps.sendings
    .saveOnce(
      { classId: cls.classId, teacherId: user.userId, scheduleName, pdfSize: pdf.length, calendar, fingerprint, informed: calendar ? informed : null },
      recipients.map((recipient) =>
        scheduleMail({
          recipient,
          cls,
          teacherName,
          teacherEmail,
          scheduleName,
          message,
          pdfSha256,
          ics: icsFor(recipient.memberId),
          lessons: calendar ? (calendar.lessons[recipient.memberId] ?? []) : null,
          coursesUrl,
        }),
      ),
      { sha256: pdfSha256, content: pdf },
      {
        repeatWindowSeconds: SEND_REPEAT_WINDOW_SECONDS,
        // The teacher's daily mail budget (shared with invitations), counted in recipients: 429 + wait_time.
        reserve: async () => {
          budget = await reserveMailBudget(deps.mailBudget, user.userId, recipients.length, deps.cfg.MAIL_BUDGET_PER_DAY);
        },
      },
    )
    .catch(async (e: unknown) => {
      await budget?.release().catch(() => undefined);
      throw e;
    });
  if (repeated) {
    deps.log.info({ sendingId: sending.id, classId: cls.classId }, 'schedule sending repeated within the window: answered, not mailed again');
    return answer(sending.recipientCount, skipped);
  }
  deps.kickOutbox();
  deps.log.info(
    { sendingId: sending.id, classId: cls.classId, recipients: sending.recipientCount, skipped, pdfBytes: pdf.length },
    'schedule sending accepted',
  );
  return answer(sending.recipientCount, skipped);
}
