import { AppError, isAppError, isUuid, reserveMailBudget, type MailBudgetReservation, type MailRequestedPayload, type SessionUser } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';
import { CLASSES_MSG, type ClassSemester } from '../clients/classes-client.js';
import type { SentLessons } from '../data/sending-repository.js';
import type { LessonRulesRow, MakeupRow } from '../data/makeup-repository.js';
import { dated, de, type DatedLesson } from './dated-lesson.js';
import { withChanges, type ChangedLesson } from './lesson-changes.js';
import type { NotificationDeps } from './deps.js';

export interface LessonRules {
  cancel_notice_hours: number;
  makeup_weeks: number;
  swaps_need_approval: boolean;
}
import { EMAIL_RE } from './mail-request.js';

/**
 * During the semester (docs/product/semester.md): the class's lesson rules, cancelling one dated lesson, and the
 * make-up lessons a cancellation gives. The times a make-up may take come from the scheduling solver
 * (SuggestMakeup: the solver's windows of the student and its idle measure); this service knows the dates
 * (semester, holidays, breaks) and every lesson the teacher already has on them.
 * This file: the texts, the lesson rules, the lists and what cancelling and booking share; the steps themselves
 * are makeup-cancellation.ts, makeup-suggestions.ts and makeup-booking.ts.
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

const pad = (n: number) => String(n).padStart(2, '0');
export const clockOf = (slot: number): string => `${pad(Math.floor(slot / 4))}:${pad((slot % 4) * 15)}`;

export type MakeupStatus = 'open' | 'booked' | 'expired';

export function makeupStatus(m: Pick<MakeupRow, 'bookedDate' | 'expiresOn'>, today: string): MakeupStatus {
  if (m.bookedDate) return 'booked';
  return today > m.expiresOn ? 'expired' : 'open';
}

/** Every member's dated lessons of a class as sent, before the changes. */
export const classBase = (s: SentLessons, semester: ClassSemester | undefined): DatedLesson[] =>
  Object.entries(s.lessons).flatMap(([id, lessons]) => dated(id, '', lessons, s, semester));

/** Every member's dated lessons of a class with all changes (swaps, cancellations, make-ups). */
export async function classDated(deps: NotificationDeps, classId: string, s: SentLessons, semester: ClassSemester | undefined): Promise<ChangedLesson[]> {
  return withChanges(deps, classId, classBase(s, semester));
}

// ---------------------------------------------------------------- lesson rules

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

/** `rules`: the body as the contract gives it (whole hours and weeks in range), read after the ownership check. */
export async function setLessonRules(deps: NotificationDeps, teacherId: string, classId: string, rules: () => LessonRules) {
  const cls = await ownedClass(deps, teacherId, classId);
  const b = rules();
  const saved = await deps.makeups.setRules(cls.classId, {
    cancelNoticeHours: b.cancel_notice_hours,
    makeupWeeks: b.makeup_weeks,
    swapsNeedApproval: b.swaps_need_approval,
  });
  return { ...rulesAnswer(saved), message: MAKEUP_MSG.rulesSaved };
}

// ---------------------------------------------------------------- mails

export async function reserveOne(deps: NotificationDeps, teacherId: string): Promise<MailBudgetReservation | null> {
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

export function mail(to: string, subject: string, lines: string[], replyTo?: string): MailRequestedPayload | null {
  if (!EMAIL_RE.test(to.trim())) return null;
  return {
    to: to.trim(),
    ...(replyTo && EMAIL_RE.test(replyTo.trim()) ? { replyTo: replyTo.trim() } : {}),
    subject,
    text: [...lines, '', 'Viele Grüße', 'Dein Stundenplan-Assistent', ''].join('\n'),
  };
}

// ---------------------------------------------------------------- who may act on a membership

export interface MembershipContext {
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
export async function membership(deps: NotificationDeps, user: SessionUser, classId: string, memberId: string): Promise<MembershipContext> {
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

// ---------------------------------------------------------------- lists

export function makeupAnswer(m: MakeupRow, name: string, today: string) {
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
