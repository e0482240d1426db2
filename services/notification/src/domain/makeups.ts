import { AppError, isAppError, isUuid, reserveMailBudget, type MailBudgetReservation, type MailRequestedPayload, type SessionUser } from '@stundenplan/base';
import { addDays, berlinToday, isDeadlineDate, weekdayOf } from '@stundenplan/timegrid';
import { CLASSES_MSG, type ClassSemester } from '../clients/classes-client.js';
import type { SentLessons } from '../data/sending-repository.js';
import type { CancellationRow, LessonRulesRow, MakeupRow } from '../data/makeup-repository.js';
import { berlinToUtc } from './calendar-ics.js';
import { dated, seriesOf, withChanges, type DatedLesson } from './dated-lessons.js';
import type { NotificationDeps } from './deps.js';
import { EMAIL_RE } from './mail-request.js';

/**
 * During the semester (docs/product/semester.md): the class's lesson rules, cancelling one dated lesson, and the
 * make-up lessons a cancellation gives. The times a make-up may take come from the scheduling solver
 * (SuggestMakeup: the solver's windows of the student and its idle measure); this service knows the dates
 * (semester, holidays, breaks) and every lesson the teacher already has on them.
 */

export const MAKEUP_MSG = {
  classId: 'Die Klassen-ID ist ungültig.',
  memberId: 'Die Mitglieds-ID ist ungültig.',
  makeupId: 'Die ID des Nachholtermins ist ungültig.',
  date: 'Das Datum muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
  start: 'Die Startzeit muss eine Uhrzeit im Format HH:MM in Viertelstunden sein.',
  reason: 'Der Grund darf höchstens 500 Zeichen lang sein.',
  body: 'Die Anfrage muss ein JSON-Objekt sein.',
  noticeHours: 'Die Absagefrist (cancel_notice_hours) muss eine ganze Zahl von 0 bis 336 Stunden sein.',
  makeupWeeks: 'Die Nachholfrist (makeup_weeks) muss eine ganze Zahl von 1 bis 26 Wochen sein.',
  swapsApproval: 'Die Angabe swaps_need_approval muss true oder false sein.',
  rulesSaved: 'Die Regeln für Absagen, Nachholtermine und Tausch sind gespeichert.',
  memberNotFound: 'Mitglied nicht gefunden',
  makeupNotFound: 'Nachholtermin nicht gefunden',
  pastDate: 'Dieser Termin liegt in der Vergangenheit und kann nicht mehr abgesagt werden.',
  started: 'Dieser Termin hat schon begonnen und kann nicht mehr abgesagt werden.',
  noLessonMember: (name: string, date: string) => `${name || 'Dieses Mitglied'} hat am ${de(date)} keinen Unterricht.`,
  noLessonOwn: (date: string) => `Du hast am ${de(date)} keinen Unterricht.`,
  alreadyCancelled: 'Dieser Termin ist bereits abgesagt.',
  noPlan: 'Für diesen Kurs gibt es noch keine Termine.',
  cancelledByTeacher: (name: string, date: string, until: string) =>
    `Der Termin von ${name || 'diesem Mitglied'} am ${de(date)} ist abgesagt. Ein Nachholtermin ist bis zum ${de(until)} möglich.`,
  cancelledInTime: (date: string, until: string) => `Dein Termin am ${de(date)} ist abgesagt. Du kannst ihn bis zum ${de(until)} nachholen.`,
  cancelledLate: (date: string, hours: number) =>
    `Dein Termin am ${de(date)} ist abgesagt. Für einen Nachholtermin ist es zu spät: Dafür musst du mindestens ${hours} Stunden vor dem Unterricht absagen.`,
  booked: 'Dieser Nachholtermin ist bereits gebucht.',
  expired: 'Dieser Nachholtermin ist abgelaufen.',
  notValid: 'Zu dieser Zeit ist kein Nachholtermin möglich. Bitte wähle einen der Vorschläge.',
  bookedOk: (date: string, start: string) => `Der Nachholtermin am ${de(date)} um ${start} Uhr ist gebucht.`,
  solverUnavailable: 'Der Planungsdienst ist gerade nicht erreichbar. Bitte versuche es später erneut.',
} as const;

/** 13.01.2027 */
export const de = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const pad = (n: number) => String(n).padStart(2, '0');
export const clockOf = (slot: number): string => `${pad(Math.floor(slot / 4))}:${pad((slot % 4) * 15)}`;
const slotOf = (clock: string): number => (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))) / 15;
const START_RE = /^([01]\d|2[0-3]):(00|15|30|45)$/;
const REASON_MAX = 500;
/** Suggestions answered; the booking checks against every valid time. */
const SUGGESTIONS = 3;

export type MakeupStatus = 'open' | 'booked' | 'expired';
export type ChangedLesson = DatedLesson & { makeup_id?: string };

export function makeupStatus(m: Pick<MakeupRow, 'bookedDate' | 'expiresOn'>, today: string): MakeupStatus {
  if (m.bookedDate) return 'booked';
  return today > m.expiresOn ? 'expired' : 'open';
}

/**
 * The class's cancellations and booked make-ups over its dated lessons (after the swaps): a cancelled lesson keeps
 * its place with status 'cancelled' (its reason and make-up), a booked make-up is one more lesson 'makeup'.
 */
export function applyMakeupChanges(all: DatedLesson[], cancellations: readonly CancellationRow[], makeups: readonly MakeupRow[]): ChangedLesson[] {
  const cancelled = new Map(cancellations.map((c) => [`${c.memberId}|${c.date}|${c.start}`, c]));
  const out: ChangedLesson[] = all.map((l) => {
    if (l.status !== 'planned' && l.status !== 'swapped') return l;
    const c = cancelled.get(`${l.member_id}|${l.date}|${l.start}`);
    return c ? { ...l, status: 'cancelled', reason: c.reason, ...(c.makeupId ? { makeup_id: c.makeupId } : {}) } : l;
  });
  for (const m of makeups) {
    if (!m.bookedDate || !m.bookedStart || !m.bookedEnd) continue;
    const own = all.find((l) => l.member_id === m.memberId);
    if (!own) continue;
    out.push({
      member_id: m.memberId,
      name: own.name,
      date: m.bookedDate,
      start: m.bookedStart,
      end: m.bookedEnd,
      status: 'makeup',
      reason: `Nachholtermin für den ${de(m.cancelledDate)}`,
      week: null,
      makeup_id: m.id,
    } as ChangedLesson);
  }
  return out;
}

/** Every member's dated lessons of a class with all changes (swaps, cancellations, make-ups). */
async function classDated(deps: NotificationDeps, classId: string, s: SentLessons, semester: ClassSemester | undefined): Promise<ChangedLesson[]> {
  const all = Object.entries(s.lessons).flatMap(([id, lessons]) => dated(id, '', lessons, s, semester));
  return withChanges(deps, classId, all);
}

// ---------------------------------------------------------------- lesson rules

const asObject = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw AppError.badRequest(MAKEUP_MSG.body);
  return body as Record<string, unknown>;
};

const rulesAnswer = (r: LessonRulesRow) => ({
  cancel_notice_hours: r.cancelNoticeHours,
  makeup_weeks: r.makeupWeeks,
  swaps_need_approval: r.swapsNeedApproval,
});

/** The class must be the teacher's (404 otherwise, unknown and foreign alike). */
async function ownedClass(deps: NotificationDeps, teacherId: string, classId: string) {
  if (!isUuid(classId)) throw AppError.notFound(CLASSES_MSG.notFound);
  return deps.classes.getClass(classId.toLowerCase(), teacherId);
}

export async function getLessonRules(deps: NotificationDeps, teacherId: string, classId: string) {
  const cls = await ownedClass(deps, teacherId, classId);
  return rulesAnswer(await deps.makeups.rules(cls.classId));
}

export async function setLessonRules(deps: NotificationDeps, teacherId: string, classId: string, body: unknown) {
  const cls = await ownedClass(deps, teacherId, classId);
  const b = asObject(body);
  const int = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  if (!int(b.cancel_notice_hours, 0, 336)) throw AppError.badRequest(MAKEUP_MSG.noticeHours);
  if (!int(b.makeup_weeks, 1, 26)) throw AppError.badRequest(MAKEUP_MSG.makeupWeeks);
  if (typeof b.swaps_need_approval !== 'boolean') throw AppError.badRequest(MAKEUP_MSG.swapsApproval);
  const saved = await deps.makeups.setRules(cls.classId, {
    cancelNoticeHours: b.cancel_notice_hours as number,
    makeupWeeks: b.makeup_weeks as number,
    swapsNeedApproval: b.swaps_need_approval,
  });
  return { ...rulesAnswer(saved), message: MAKEUP_MSG.rulesSaved };
}

// ---------------------------------------------------------------- mails

async function reserveOne(deps: NotificationDeps, teacherId: string): Promise<MailBudgetReservation | null> {
  try {
    return await reserveMailBudget(deps.mailBudget, teacherId, 1, deps.cfg.MAIL_BUDGET_PER_DAY);
  } catch (e) {
    // The teacher's budget is used up: the change still happens, only the mail about it stays out.
    if (isAppError(e) && e.code === 'TOO_MANY_REQUESTS') {
      deps.log.warn({ teacherId }, 'mail budget used up: lesson change without mail');
      return null;
    }
    throw e;
  }
}

function mail(to: string, subject: string, lines: string[], replyTo?: string): MailRequestedPayload | null {
  if (!EMAIL_RE.test(to.trim())) return null;
  return {
    to: to.trim(),
    ...(replyTo && EMAIL_RE.test(replyTo.trim()) ? { replyTo: replyTo.trim() } : {}),
    subject,
    text: [...lines, '', 'Viele Grüße', 'Dein Stundenplan-Assistent', ''].join('\n'),
  };
}

// ---------------------------------------------------------------- who may act on a membership

interface MembershipContext {
  classId: string;
  memberId: string;
  teacherId: string;
  className: string;
  teacherName: string;
  teacherEmail: string;
  memberName: string;
  memberEmail: string;
  role: 'teacher' | 'student';
}

/**
 * The class's teacher (any member of their class) or the student of that membership; anyone else 404 (a foreign
 * class and an unknown one look the same). The other party's address is read here for the mail.
 */
async function membership(deps: NotificationDeps, user: SessionUser, classId: string, memberId: string): Promise<MembershipContext> {
  if (user.role === 'teacher') {
    const [cls, members] = await Promise.all([deps.classes.getClass(classId, user.userId), deps.classes.listMembers(classId, user.userId)]);
    const m = members.find((x) => x.memberId === memberId);
    if (!m) throw AppError.notFound(MAKEUP_MSG.memberNotFound);
    return {
      classId,
      memberId,
      teacherId: user.userId,
      className: cls.name,
      teacherName: cls.teacherName,
      teacherEmail: user.email,
      memberName: m.name,
      memberEmail: m.email,
      role: 'teacher',
    };
  }
  if (user.role === 'student') {
    const own = (await deps.classes.memberships(user.userId)).find((x) => x.classId === classId && x.memberId === memberId);
    if (!own) throw AppError.notFound(CLASSES_MSG.notFound);
    const teacherId = await deps.makeups.teacherOf(classId);
    if (!teacherId) throw AppError.notFound(MAKEUP_MSG.noPlan);
    const cls = await deps.classes.getClass(classId, teacherId);
    return {
      classId,
      memberId,
      teacherId,
      className: own.className,
      teacherName: own.teacherName,
      teacherEmail: cls.teacherEmail ?? '',
      memberName: own.memberName,
      memberEmail: user.email,
      role: 'student',
    };
  }
  throw AppError.forbidden();
}

// ---------------------------------------------------------------- cancel

export async function cancelLesson(deps: NotificationDeps, user: SessionUser, body: unknown, now: Date = new Date()) {
  const b = asObject(body);
  if (!isUuid(b.class_id)) throw AppError.badRequest(MAKEUP_MSG.classId);
  if (!isUuid(b.member_id)) throw AppError.badRequest(MAKEUP_MSG.memberId);
  if (!isDeadlineDate(b.date)) throw AppError.badRequest(MAKEUP_MSG.date);
  if (b.reason !== undefined && b.reason !== null && (typeof b.reason !== 'string' || b.reason.trim().length > REASON_MAX))
    throw AppError.badRequest(MAKEUP_MSG.reason);
  const classId = b.class_id.toLowerCase();
  const memberId = b.member_id.toLowerCase();
  const date = b.date;
  const reason = typeof b.reason === 'string' && b.reason.trim() ? b.reason.trim() : null;

  const ctx = await membership(deps, user, classId, memberId);
  const today = berlinToday(now);
  if (date < today) throw AppError.conflict(MAKEUP_MSG.pastDate);
  const noLesson = () => AppError.notFound(ctx.role === 'student' ? MAKEUP_MSG.noLessonOwn(date) : MAKEUP_MSG.noLessonMember(ctx.memberName, date));
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([classId]), deps.classes.semesters([classId])]);
  const s = sent.get(classId);
  if (!s) throw noLesson();
  const lessons = (await classDated(deps, classId, s, semesters.get(classId))).filter((l) => l.member_id === memberId && l.date === date);
  const lesson = lessons.find((l) => l.status === 'planned' || l.status === 'swapped') ?? lessons.find((l) => l.status === 'cancelled');
  if (!lesson) throw noLesson();
  if (lesson.status === 'cancelled') throw AppError.conflict(MAKEUP_MSG.alreadyCancelled);
  const startsAt = berlinToUtc(date, Number(lesson.start.slice(0, 2)), Number(lesson.start.slice(3, 5)), 0);
  if (startsAt.getTime() <= now.getTime()) throw AppError.conflict(MAKEUP_MSG.started);

  const rules = await deps.makeups.rules(classId);
  const hoursBefore = (startsAt.getTime() - now.getTime()) / 3_600_000;
  const due = ctx.role === 'teacher' || hoursBefore >= rules.cancelNoticeHours;
  const expiresOn = addDays(date, rules.makeupWeeks * 7);
  const at = `am ${de(date)} um ${lesson.start} Uhr`;
  const outgoing =
    ctx.role === 'teacher'
      ? mail(
          ctx.memberEmail,
          `Dein Unterricht ${at} fällt aus`,
          [
            ctx.memberName ? `Hallo ${ctx.memberName},` : 'Hallo,',
            '',
            `${ctx.teacherName || 'Deine Lehrkraft'} hat deinen Unterricht „${ctx.className}“ ${at} abgesagt.`,
            ...(reason ? ['', `Grund: ${reason}`] : []),
            '',
            `Du kannst den Termin bis zum ${de(expiresOn)} nachholen: Unter „Meine Kurse“ findest du Vorschläge für einen Nachholtermin.`,
          ],
          ctx.teacherEmail,
        )
      : mail(
          ctx.teacherEmail,
          `Absage: ${ctx.memberName} ${at}`,
          [
            'Hallo,',
            '',
            `${ctx.memberName} hat den Unterricht „${ctx.className}“ ${at} abgesagt.`,
            ...(reason ? ['', `Grund: ${reason}`] : []),
            '',
            due
              ? `Die Absage kam rechtzeitig: Ein Nachholtermin ist bis zum ${de(expiresOn)} möglich.`
              : `Die Absage kam weniger als ${rules.cancelNoticeHours} Stunden vor dem Unterricht: Es gibt keinen Nachholtermin.`,
          ],
          ctx.memberEmail,
        );
  const budget = outgoing ? await reserveOne(deps, ctx.teacherId) : null;
  const saved = await deps.makeups
    .cancel(
      { classId, memberId, teacherId: ctx.teacherId, date, start: lesson.start, end: lesson.end, byRole: ctx.role, reason },
      due ? { expiresOn } : null,
      budget ? outgoing : null,
    )
    .catch(async (e: unknown) => {
      await budget?.release().catch(() => undefined);
      throw e;
    });
  if (budget) deps.kickOutbox();
  deps.log.info({ classId, memberId, date, by: ctx.role, makeup: Boolean(saved.makeupId) }, 'lesson cancelled');
  const message =
    ctx.role === 'teacher'
      ? MAKEUP_MSG.cancelledByTeacher(ctx.memberName, date, expiresOn)
      : due
        ? MAKEUP_MSG.cancelledInTime(date, expiresOn)
        : MAKEUP_MSG.cancelledLate(date, rules.cancelNoticeHours);
  return { status: 'cancelled' as const, makeup_id: saved.makeupId, message };
}

// ---------------------------------------------------------------- lists

function makeupAnswer(m: MakeupRow, name: string, today: string) {
  return {
    makeup_id: m.id,
    member_id: m.memberId,
    name,
    class_id: m.classId,
    cancelled_date: m.cancelledDate,
    status: makeupStatus(m, today),
    booked: m.bookedDate && m.bookedStart && m.bookedEnd ? { date: m.bookedDate, start: m.bookedStart, end: m.bookedEnd } : null,
    expires_on: m.expiresOn,
  };
}

export async function classMakeups(deps: NotificationDeps, teacherId: string, classId: string, now: Date = new Date()) {
  if (!isUuid(classId)) throw AppError.notFound(CLASSES_MSG.notFound);
  const id = classId.toLowerCase();
  const members = await deps.classes.listMembers(id, teacherId);
  const names = new Map(members.map((m) => [m.memberId, m.name]));
  const today = berlinToday(now);
  const rows = (await deps.makeups.makeupsOfClasses([id])).filter((m) => names.has(m.memberId));
  return { makeups: rows.map((m) => makeupAnswer(m, names.get(m.memberId) ?? '', today)) };
}

export async function myMakeups(deps: NotificationDeps, userId: string, now: Date = new Date()) {
  const memberships = await deps.classes.memberships(userId);
  const own = new Map(memberships.map((m) => [`${m.classId}|${m.memberId}`, m.className]));
  const today = berlinToday(now);
  const rows = (await deps.makeups.makeupsOfClasses([...new Set(memberships.map((m) => m.classId))])).filter((m) => own.has(`${m.classId}|${m.memberId}`));
  return { makeups: rows.map((m) => makeupAnswer(m, own.get(`${m.classId}|${m.memberId}`) ?? '', today)) };
}

// ---------------------------------------------------------------- suggestions and booking

/** The make-up, if the caller is its teacher or its student; anyone else 404 (no existence oracle). */
async function accessMakeup(deps: NotificationDeps, user: SessionUser, makeupId: string): Promise<MakeupRow> {
  if (!isUuid(makeupId)) throw AppError.badRequest(MAKEUP_MSG.makeupId);
  const row = await deps.makeups.makeup(makeupId.toLowerCase());
  if (!row) throw AppError.notFound(MAKEUP_MSG.makeupNotFound);
  if (user.role === 'teacher' && row.teacherId === user.userId) return row;
  if (user.role === 'student' && (await deps.classes.memberships(user.userId)).some((m) => m.classId === row.classId && m.memberId === row.memberId))
    return row;
  throw AppError.notFound(MAKEUP_MSG.makeupNotFound);
}

function assertOpen(row: MakeupRow, today: string): void {
  const status = makeupStatus(row, today);
  if (status === 'booked') throw AppError.conflict(MAKEUP_MSG.booked);
  if (status === 'expired') throw AppError.conflict(MAKEUP_MSG.expired);
}

/**
 * The days the make-up may take place on (from tomorrow, after the cancelled date, up to its last day; semester
 * days without holiday or break) with every other lesson of the teacher on them, in any of their classes.
 */
async function makeupDays(deps: NotificationDeps, row: MakeupRow, today: string, only?: string) {
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([row.classId]), deps.classes.semesters([row.classId])]);
  const s = sent.get(row.classId);
  if (!s) return [];
  const series = seriesOf(s, semesters.get(row.classId));
  const off = new Set<string>((series.holidays ?? []).map((h) => h.date));
  for (const br of series.breaks ?? []) for (let d = br.from; d <= br.to; d = addDays(d, 1)) off.add(d);
  let from = [addDays(row.cancelledDate, 1), addDays(today, 1), series.from].sort().at(-1)!;
  let until = [row.expiresOn, series.until].sort()[0]!;
  if (only) {
    if (only < from || only > until) return [];
    from = until = only;
  }
  const dates: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) if (!off.has(d)) dates.push(d);
  if (!dates.length) return [];

  // Every lesson of the teacher on those dates: each class they sent a plan of, with its changes.
  const classIds = await deps.makeups.classesOfTeacher(row.teacherId);
  const [allSent, allSemesters] = await Promise.all([deps.sendings.latestLessons(classIds), deps.classes.semesters(classIds)]);
  const wanted = new Set(dates);
  const busy = new Map<string, { start: number; end: number }[]>();
  for (const classId of classIds) {
    const cs = allSent.get(classId);
    if (!cs) continue;
    for (const l of await classDated(deps, classId, cs, allSemesters.get(classId))) {
      if (!wanted.has(l.date) || (l.status !== 'planned' && l.status !== 'swapped' && l.status !== 'makeup')) continue;
      const list = busy.get(l.date) ?? [];
      list.push({ start: slotOf(l.start), end: slotOf(l.end) });
      busy.set(l.date, list);
    }
  }
  return dates.map((date) => ({ date, weekday: weekdayOf(date), busy: busy.get(date) ?? [] }));
}

async function solverCandidates(deps: NotificationDeps, row: MakeupRow, days: Awaited<ReturnType<typeof makeupDays>>, limit: number) {
  if (!days.length) return [];
  return deps.scheduling.suggestMakeup({ classId: row.classId, teacherId: row.teacherId, memberId: row.memberId, days, limit }).catch((e: unknown) => {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) throw AppError.notFound(MAKEUP_MSG.makeupNotFound);
    throw new AppError('UNAVAILABLE', MAKEUP_MSG.solverUnavailable, { cause: e });
  });
}

export async function makeupSuggestions(deps: NotificationDeps, user: SessionUser, makeupId: string, now: Date = new Date()) {
  const row = await accessMakeup(deps, user, makeupId);
  const today = berlinToday(now);
  assertOpen(row, today);
  const found = await solverCandidates(deps, row, await makeupDays(deps, row, today), SUGGESTIONS);
  return { suggestions: found.map((c) => ({ date: c.date, start: clockOf(c.start), end: clockOf(c.end), idle_added_minutes: c.idleAddedMinutes })) };
}

export async function bookMakeup(deps: NotificationDeps, user: SessionUser, makeupId: string, body: unknown, now: Date = new Date()) {
  const row = await accessMakeup(deps, user, makeupId);
  const b = asObject(body);
  if (!isDeadlineDate(b.date)) throw AppError.badRequest(MAKEUP_MSG.date);
  if (typeof b.start !== 'string' || !START_RE.test(b.start)) throw AppError.badRequest(MAKEUP_MSG.start);
  const today = berlinToday(now);
  assertOpen(row, today);
  const date = b.date;
  const start = b.start;
  const valid = (await solverCandidates(deps, row, await makeupDays(deps, row, today, date), 0)).find((c) => c.date === date && clockOf(c.start) === start);
  if (!valid) throw AppError.conflict(MAKEUP_MSG.notValid);
  const at = { date, start, end: clockOf(valid.end) };

  // The other party learns of it: the student when the teacher books, the teacher when the student does.
  const ctx = await membership(deps, user, row.classId, row.memberId);
  const when = `am ${de(date)} von ${at.start} bis ${at.end} Uhr`;
  const outgoing =
    ctx.role === 'teacher'
      ? mail(
          ctx.memberEmail,
          `Nachholtermin ${when}`,
          [
            ctx.memberName ? `Hallo ${ctx.memberName},` : 'Hallo,',
            '',
            `${ctx.teacherName || 'Deine Lehrkraft'} hat deinen Nachholtermin für den ${de(row.cancelledDate)} gebucht: „${ctx.className}“ ${when}.`,
            'Du findest ihn auch in deinem Kalender.',
          ],
          ctx.teacherEmail,
        )
      : mail(
          ctx.teacherEmail,
          `Nachholtermin: ${ctx.memberName} ${when}`,
          ['Hallo,', '', `${ctx.memberName} hat den Nachholtermin für den ${de(row.cancelledDate)} gebucht: „${ctx.className}“ ${when}.`],
          ctx.memberEmail,
        );
  const budget = outgoing ? await reserveOne(deps, row.teacherId) : null;
  const saved = await deps.makeups.book(row.id, row.teacherId, at, budget ? outgoing : null).catch(async (e: unknown) => {
    await budget?.release().catch(() => undefined);
    throw e;
  });
  if (budget) deps.kickOutbox();
  deps.log.info({ makeupId: row.id, classId: row.classId, date }, 'make-up booked');
  return { makeup: makeupAnswer(saved, ctx.role === 'teacher' ? ctx.memberName : ctx.className, today), message: MAKEUP_MSG.bookedOk(date, start) };
}
