import { AppError, isUuid, reserveMailBudget, type MailRequestedPayload, type SessionUser } from '@stundenplan/base';
import { berlinToday, dayName, formatGermanDate, isDeadlineDate, weekdayOf, WeekSlots } from '@stundenplan/timegrid';
import type { ClassForSending, ClassMember } from '../clients/classes-client.js';
import type { SwapRow } from '../data/swap-repository.js';
import { dated, type DatedLesson } from './dated-lesson.js';
import { CHANGED_MEANWHILE, recheckLocked, withChanges } from './lesson-changes.js';
import type { NotificationDeps } from './deps.js';
import { EMAIL_RE } from './mail-request.js';
import { lessonInWeek, lessonsFit, shortName, swapPairs } from './swap-lessons.js';

/** docs/product/semester.md "Swaps": options, requests, the other student's answer and the teacher's approval. */

export const SWAP_MSG = {
  classId: 'Bitte gib einen gültigen Kurs an.',
  memberId: 'Bitte gib eine gültige Teilnahme an.',
  withMemberId: 'Bitte wähle aus, mit wem du tauschen möchtest.',
  requestId: 'Diese Tauschanfrage gibt es nicht.',
  date: 'Bitte gib ein gültiges Datum im Format JJJJ-MM-TT an.',
  datePast: 'Dieser Termin liegt in der Vergangenheit.',
  notMember: 'Diese Teilnahme gibt es nicht.',
  noLesson: 'An diesem Tag hast du keinen geplanten Unterricht.',
  noLessons: 'Für den Rest des Semesters hast du keinen geplanten Unterricht.',
  unknownClassmate: 'Diese Person ist nicht in deinem Kurs.',
  doesNotFit: (name: string) => `Mit ${name} kannst du nicht tauschen: Eure Zeiten oder die Länge eurer Stunden passen nicht zueinander.`,
  alreadyOpen: (name: string) => `Du hast ${name} schon um diesen Tausch gebeten.`,
  noAddress: (name: string) => `${name} hat keine E-Mail-Adresse hinterlegt und kann deshalb nicht gefragt werden.`,
  asked: (name: string) => `${name} wurde per E-Mail gefragt. Du bekommst Bescheid, sobald ${name} antwortet.`,
  notOpen: 'Diese Tauschanfrage wurde schon beantwortet.',
  notAwaiting: 'Dieser Tausch wartet nicht auf deine Zustimmung.',
  noLongerFits: 'Der Tausch ist nicht mehr möglich: Die Stunden haben sich geändert, wurden abgesagt oder die Zeiten passen nicht mehr. Bitte fragt neu an.',
  swapped: 'Die Stunden sind getauscht. Eure Kalender zeigen die neuen Termine.',
  awaitingApproval: 'Danke! Deine Lehrkraft muss dem Tausch noch zustimmen. Ihr bekommt Bescheid.',
  declined: 'Die Tauschanfrage wurde abgelehnt.',
} as const;

export interface Member extends ClassMember {
  short: string;
}

/** A class as a student of it sees it for swaps: members, every member's dated lessons with the changes so far. */
export interface SwapClass {
  cls: ClassForSending;
  members: Map<string, Member>;
  lessons: DatedLesson[];
  /** The lessons before the changes (`lessons` is them with the changes). */
  base: DatedLesson[];
}

const uuid = (v: unknown, msg: string): string => {
  if (!isUuid(v)) throw AppError.badRequest(msg);
  return v.toLowerCase();
};

function parseDate(v: unknown, today: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (!isDeadlineDate(v)) throw AppError.badRequest(SWAP_MSG.date);
  if (v < today) throw AppError.badRequest(SWAP_MSG.datePast);
  return v;
}

export async function loadClass(deps: NotificationDeps, classId: string): Promise<SwapClass> {
  const cls = await deps.classes.getClass(classId, '');
  const list = await deps.classes.listMembers(classId, cls.teacherId);
  const members = new Map(list.map((m) => [m.memberId, { ...m, short: shortName(m.name) }]));
  const [sent, semesters] = await Promise.all([deps.sendings.latestLessons([classId]), deps.classes.semesters([classId])]);
  const s = sent.get(classId);
  const all = s ? list.flatMap((m) => dated(m.memberId, m.name, s.lessons[m.memberId] ?? [], s, semesters.get(classId))) : [];
  return { cls, members, base: all, lessons: await withChanges(deps, classId, all) };
}

/** The caller's own membership of the class, or 404 (an unknown class and another's membership look the same). */
async function ownMembership(deps: NotificationDeps, user: SessionUser, classIdRaw: unknown, memberIdRaw: unknown) {
  const classId = uuid(classIdRaw, SWAP_MSG.classId);
  const memberId = uuid(memberIdRaw, SWAP_MSG.memberId);
  const own = (await deps.classes.memberships(user.userId)).find((m) => m.classId === classId && m.memberId === memberId);
  if (!own) throw AppError.notFound(SWAP_MSG.notMember);
  return { classId, memberId };
}

/** Each member's weekly times: their own when they confirmed the membership and entered some, else the teacher-entered ones. */
export async function timesOf(deps: NotificationDeps, classId: string, members: Member[]): Promise<Map<string, WeekSlots>> {
  const times = await deps.availability.memberTimes(
    classId,
    members.map((m) => ({ memberId: m.memberId, userId: m.verified ? m.userId : '' })),
  );
  return new Map(times.map((t) => [t.memberId, t.own.isEmpty() ? t.entered : t.own]));
}

/** The pairs the swap would exchange when every pair fits both students' times and lengths; null when it does not fit. */
export function fittingPairs(c: SwapClass, times: Map<string, WeekSlots>, swap: Pick<SwapRow, 'memberId' | 'withMemberId' | 'date' | 'fromDate'>) {
  const pairs = swapPairs(c.lessons, swap);
  if (!pairs.length) return null;
  const ta = times.get(swap.memberId) ?? WeekSlots.empty();
  const tb = times.get(swap.withMemberId) ?? WeekSlots.empty();
  return pairs.every(([a, b]) => lessonsFit(a, ta, b, tb)) ? pairs : null;
}

/** A lesson's day and times as the swap answers name them. */
export const timeOf = (l: DatedLesson) => ({ date: l.date, start: l.start, end: l.end });

/** Classmates who can be asked: registered, with an address, a lesson in reach that fits. */
export function candidates(c: SwapClass, memberId: string): Member[] {
  return [...c.members.values()].filter((m) => m.memberId !== memberId && m.userId && EMAIL_RE.test(m.email.trim()));
}

function ownLessonCheck(c: SwapClass, memberId: string, date: string | null, today: string): void {
  const own = c.lessons.filter((l) => l.member_id === memberId && l.status === 'planned' && (date ? l.date === date : l.date >= today));
  if (!own.length) throw AppError.notFound(date ? SWAP_MSG.noLesson : SWAP_MSG.noLessons);
}

/** GET /api/lessons/swap-options: first name and initial of every classmate whose lessons fit, with both lessons (weekly: the first pair). */
export async function swapOptions(deps: NotificationDeps, user: SessionUser, query: { class_id: string; member_id: string; date?: string | undefined }) {
  const today = berlinToday();
  const { classId, memberId } = await ownMembership(deps, user, query.class_id, query.member_id);
  const date = parseDate(query.date, today);
  const c = await loadClass(deps, classId);
  ownLessonCheck(c, memberId, date, today);
  const others = candidates(c, memberId).filter((m) => (date ? lessonInWeek(c.lessons, m.memberId, date, today) : true));
  const times = await timesOf(deps, classId, [c.members.get(memberId)!, ...others].filter(Boolean));
  const options = others
    .flatMap((m) => {
      const [first] = fittingPairs(c, times, { memberId, withMemberId: m.memberId, date, fromDate: date ?? today }) ?? [];
      return first ? [{ member_id: m.memberId, name: m.short, lesson: timeOf(first[0]), with_lesson: timeOf(first[1]) }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return { date, options };
}

function mail(to: string, subject: string, lines: string[], replyTo?: string): MailRequestedPayload {
  return { to, subject, text: [...lines, '', 'Viele Grüße', 'Dein Stundenplan-Assistent', ''].join('\n'), ...(replyTo ? { replyTo } : {}) };
}

const whenText = (date: string | null, fromDate: string) =>
  date ? `am ${formatGermanDate(date)}` : `jede Woche ab dem ${formatGermanDate(fromDate)} bis zum Ende des Semesters`;

/**
 * The new time a swap gives a student (the other's lessons of the pairs): one date as 'Mittwoch, 13.01.2027,
 * 10:00–10:30', a swapped series by its first date and weekday.
 */
function newTimeText(lessons: readonly DatedLesson[], single: boolean): string | null {
  const first = lessons[0];
  if (!first) return null;
  const day = dayName(weekdayOf(first.date));
  if (single) return `${day}, ${formatGermanDate(first.date)}, ${first.start}–${first.end}`;
  return `${first.week ? `alle 14 Tage (${first.week}-Woche)` : 'jede Woche'} ${day}, ${first.start}–${first.end}, ab dem ${formatGermanDate(first.date)}`;
}

/** POST /api/lessons/swap-requests: the other student is asked by mail (within the teacher's mail budget). */
export async function createSwapRequest(
  deps: NotificationDeps,
  user: SessionUser,
  body: { class_id: string; member_id: string; with_member_id: string; date?: string | null | undefined },
) {
  const today = berlinToday();
  const { classId, memberId } = await ownMembership(deps, user, body.class_id, body.member_id);
  const withMemberId = uuid(body.with_member_id, SWAP_MSG.withMemberId);
  const date = parseDate(body.date, today);
  const c = await loadClass(deps, classId);
  ownLessonCheck(c, memberId, date, today);
  const me = c.members.get(memberId);
  const other = c.members.get(withMemberId);
  if (!me || !other || withMemberId === memberId) throw AppError.notFound(SWAP_MSG.unknownClassmate);
  if (!other.userId || !EMAIL_RE.test(other.email.trim())) throw AppError.conflict(SWAP_MSG.noAddress(other.short));
  const times = await timesOf(deps, classId, [me, other]);
  if (!fittingPairs(c, times, { memberId, withMemberId, date, fromDate: date ?? today })) throw AppError.conflict(SWAP_MSG.doesNotFit(other.short));
  if (await deps.swaps.findOpen(memberId, withMemberId, date)) throw AppError.conflict(SWAP_MSG.alreadyOpen(other.short));

  const budget = await reserveMailBudget(deps.mailBudget, c.cls.teacherId, 1, deps.cfg.MAIL_BUDGET_PER_DAY);
  const row = await deps.swaps
    .create(
      {
        classId,
        teacherId: c.cls.teacherId,
        memberId,
        userId: user.userId,
        memberName: me.name,
        withMemberId,
        withUserId: other.userId,
        withMemberName: other.name,
        date,
        fromDate: date ?? today,
      },
      [
        mail(other.email.trim(), `Tauschanfrage für „${c.cls.name}“`, [
          other.name ? `Hallo ${other.name.split(/\s+/)[0]},` : 'Hallo,',
          '',
          `${me.short} aus „${c.cls.name}“ möchte ${whenText(date, date ?? today)} die Unterrichtsstunde mit dir tauschen.`,
          'Unter „Meine Kurse“ siehst du die Anfrage und kannst sie annehmen oder ablehnen.',
        ]),
      ],
    )
    .catch(async (e: unknown) => {
      await budget.release().catch(() => undefined);
      throw e;
    });
  deps.kickOutbox();
  deps.log.info({ classId, swapId: row.id }, 'swap requested');
  return { request_id: row.id, message: SWAP_MSG.asked(other.short) };
}

async function findRequest(deps: NotificationDeps, requestIdRaw: unknown): Promise<SwapRow> {
  const id = uuid(requestIdRaw, SWAP_MSG.requestId);
  const row = await deps.swaps.find(id);
  if (!row) throw AppError.notFound(SWAP_MSG.requestId);
  return row;
}

/**
 * The swap still fits (lessons planned, not cancelled, times as before)? Else 409 in German. `guard`: the same
 * check again inside the transaction of the answer, under the class's lock (a swap or cancellation of one of the
 * lessons committed meanwhile: 409, nothing written, nobody mailed).
 */
async function stillFits(deps: NotificationDeps, row: SwapRow, fromDate: string) {
  const c = await loadClass(deps, row.classId);
  const me = c.members.get(row.memberId);
  const other = c.members.get(row.withMemberId);
  if (!me || !other || (row.date && row.date < berlinToday())) throw AppError.conflict(SWAP_MSG.noLongerFits);
  const times = await timesOf(deps, row.classId, [me, other]);
  if (!fittingPairs(c, times, { ...row, fromDate })) throw AppError.conflict(SWAP_MSG.noLongerFits);
  const guard = recheckLocked(deps, row.classId, c.base, (lessons) => {
    if (!fittingPairs({ ...c, lessons }, times, { ...row, fromDate })) throw AppError.conflict(CHANGED_MEANWHILE);
  });
  return { c, guard };
}

/** The swap is made: both students and the teacher are told (one mail each). */
async function makeSwap(
  deps: NotificationDeps,
  row: SwapRow,
  from: 'pending' | 'awaiting_approval',
  { c, guard }: Awaited<ReturnType<typeof stillFits>>,
  fromDate: string,
) {
  const me = c.members.get(row.memberId)!;
  const other = c.members.get(row.withMemberId)!;
  const when = whenText(row.date, fromDate);
  // Who gets which time: the asking student the other's lessons of the pairs, and the other way round.
  const pairs = swapPairs(c.lessons, { ...row, fromDate });
  const newTime = (m: Member) => newTimeText(m === me ? pairs.map(([, b]) => b) : pairs.map(([a]) => a), row.date !== null);
  const teacherMail = EMAIL_RE.test(c.cls.teacherEmail.trim())
    ? [
        mail(c.cls.teacherEmail.trim(), `Getauschte Stunden in „${c.cls.name}“`, [
          'Hallo,',
          '',
          `${me.name} und ${other.name} haben ${when} ihre Unterrichtsstunden in „${c.cls.name}“ getauscht.`,
          ...[me, other].flatMap((m) => {
            const t = newTime(m);
            return t ? [`Neu für ${m.name}: ${t}`] : [];
          }),
          'Die Termine findest du im Planer unter „Termine“.',
        ]),
      ]
    : [];
  const studentMails = [me, other]
    .filter((m) => EMAIL_RE.test(m.email.trim()))
    .map((m) =>
      mail(m.email.trim(), `Stunden getauscht in „${c.cls.name}“`, [
        m.name ? `Hallo ${m.name.split(/\s+/)[0]},` : 'Hallo,',
        '',
        `${(m === me ? other : me).short} und du habt ${when} eure Unterrichtsstunden in „${c.cls.name}“ getauscht.`,
        ...(newTime(m) ? [`${row.date ? 'Dein neuer Termin' : 'Deine neue Stunde'}: ${newTime(m)}`] : []),
        'Dein Kalender-Abo zeigt die neuen Termine; unter „Meine Kurse“ siehst du sie auch.',
      ]),
    );
  const mails = [...studentMails, ...teacherMail];
  const budget = await reserveMailBudget(deps.mailBudget, row.teacherId, mails.length, deps.cfg.MAIL_BUDGET_PER_DAY);
  const ok = await deps.swaps.decide(row.id, { from, to: 'swapped' }, mails, { fromDate: row.date ? undefined : fromDate, guard }).catch(async (e: unknown) => {
    await budget.release();
    throw e;
  });
  if (!ok) {
    await budget.release();
    throw AppError.conflict(SWAP_MSG.notOpen);
  }
  deps.kickOutbox();
  deps.log.info({ classId: row.classId, swapId: row.id }, 'lessons swapped');
  return { status: 'swapped' as const, message: SWAP_MSG.swapped };
}

/** POST /api/lessons/swap-requests/{id}/accept by the asked student. */
export async function acceptSwapRequest(deps: NotificationDeps, user: SessionUser, requestIdRaw: unknown) {
  const row = await findRequest(deps, requestIdRaw);
  if (row.withUserId !== user.userId) throw AppError.notFound(SWAP_MSG.requestId);
  if (row.status !== 'pending') throw AppError.conflict(SWAP_MSG.notOpen);
  const fromDate = row.date ?? berlinToday();
  const fits = await stillFits(deps, row, fromDate);
  const { c } = fits;
  if (await deps.swaps.needsApproval(row.classId)) {
    const teacherMail = EMAIL_RE.test(c.cls.teacherEmail.trim())
      ? [
          mail(c.cls.teacherEmail.trim(), `Tausch wartet auf deine Zustimmung: „${c.cls.name}“`, [
            'Hallo,',
            '',
            `${row.memberName} und ${row.withMemberName} möchten ${whenText(row.date, fromDate)} ihre Unterrichtsstunden in „${c.cls.name}“ tauschen.`,
            'Im Planer unter „Termine“ kannst du zustimmen oder ablehnen.',
          ]),
        ]
      : [];
    const budget = await reserveMailBudget(deps.mailBudget, row.teacherId, teacherMail.length, deps.cfg.MAIL_BUDGET_PER_DAY);
    const asked = await deps.swaps
      .decide(row.id, { from: 'pending', to: 'awaiting_approval' }, teacherMail, { guard: fits.guard })
      .catch(async (e: unknown) => {
        await budget.release();
        throw e;
      });
    if (!asked) {
      await budget.release();
      throw AppError.conflict(SWAP_MSG.notOpen);
    }
    deps.kickOutbox();
    return { status: 'awaiting_approval' as const, message: SWAP_MSG.awaitingApproval };
  }
  return makeSwap(deps, row, 'pending', fits, fromDate);
}

/** POST /api/lessons/swap-requests/{id}/approve by the class's teacher. */
export async function approveSwapRequest(deps: NotificationDeps, user: SessionUser, requestIdRaw: unknown) {
  const row = await findRequest(deps, requestIdRaw);
  if (row.teacherId !== user.userId) throw AppError.notFound(SWAP_MSG.requestId);
  if (row.status !== 'awaiting_approval') throw AppError.conflict(SWAP_MSG.notAwaiting);
  const fromDate = row.date ?? berlinToday();
  return makeSwap(deps, row, 'awaiting_approval', await stillFits(deps, row, fromDate), fromDate);
}

/** POST /api/lessons/swap-requests/{id}/decline: the asked student (open request) or the teacher (awaiting approval). */
export async function declineSwapRequest(deps: NotificationDeps, user: SessionUser, requestIdRaw: unknown) {
  const row = await findRequest(deps, requestIdRaw);
  const byStudent = row.withUserId === user.userId && user.role === 'student';
  const byTeacher = row.teacherId === user.userId && user.role === 'teacher';
  if (!byStudent && !byTeacher) throw AppError.notFound(SWAP_MSG.requestId);
  const from = byStudent ? ('pending' as const) : ('awaiting_approval' as const);
  if (row.status !== from) throw AppError.conflict(SWAP_MSG.notOpen);
  // The asking student learns of it in "Meine Kurse"; no mail.
  if (!(await deps.swaps.decide(row.id, { from, to: 'declined' }, []))) throw AppError.conflict(SWAP_MSG.notOpen);
  return { status: 'declined' as const, message: SWAP_MSG.declined };
}
