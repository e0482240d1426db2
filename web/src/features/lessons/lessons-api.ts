// The semester's dated lessons and what changes them (docs/product/semester.md): the teacher's "Termine" view and
// the student's dates, cancellations, make-ups and swaps in "Meine Kurse". Every call is typed by its contract.
import type { AnswerOf, BodyOf } from '@stundenplan/contracts';
import { lessons, semester, swaps } from '@stundenplan/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

export type ClassLesson = AnswerOf<typeof semester.classLessons>['lessons'][number];
export type MyLesson = AnswerOf<typeof semester.myLessons>['lessons'][number];
export type Makeup = AnswerOf<typeof lessons.myMakeups>['makeups'][number];
export type Suggestion = AnswerOf<typeof lessons.makeupSuggestions>['suggestions'][number];
export type MySwapRequest = AnswerOf<typeof swaps.mySwapRequests>['requests'][number];
export type ClassSwapRequest = AnswerOf<typeof swaps.classSwapRequests>['requests'][number];
export type SwapOption = AnswerOf<typeof swaps.swapOptions>['options'][number];
/** A lesson a swap exchanges: its day and times. */
export type SwapLesson = SwapOption['lesson'];
export type CancelBody = BodyOf<typeof lessons.cancelLesson>;

/** Query keys of this feature: everything a change touches is under `lessons`. */
export const lessonKeys = {
  all: ['lessons'] as const,
  mine: ['lessons', 'me'] as const,
  myMakeups: ['lessons', 'me', 'makeups'] as const,
  mySwaps: ['lessons', 'me', 'swaps'] as const,
  suggestions: (makeupId: string) => ['lessons', 'suggestions', makeupId] as const,
  swapDates: ['lessons', 'me', 'swap-dates'] as const,
  swapOptions: (classId: string, memberId: string, date: string | null) => ['lessons', 'swap-options', classId, memberId, date] as const,
  ofClass: (classId: string) => ['lessons', 'class', classId] as const,
  classMakeups: (classId: string) => ['lessons', 'class', classId, 'makeups'] as const,
  classSwaps: (classId: string) => ['lessons', 'class', classId, 'swaps'] as const,
};

const empty = <T>(v: T | undefined, fallback: T): T => v ?? fallback;

export const myLessonsQuery = () =>
  queryOptions({
    queryKey: lessonKeys.mine,
    queryFn: async ({ signal }) => empty((await call(semester.myLessons, {}, { signal }))?.lessons, []),
  });

export const myMakeupsQuery = () =>
  queryOptions({
    queryKey: lessonKeys.myMakeups,
    queryFn: async ({ signal }) => empty((await call(lessons.myMakeups, {}, { signal }))?.makeups, []),
  });

export const mySwapsQuery = () =>
  queryOptions({
    queryKey: lessonKeys.mySwaps,
    queryFn: async ({ signal }) => empty((await call(swaps.mySwapRequests, {}, { signal }))?.requests, []),
  });

/** Times shown at first; 'Weitere Zeiten' shows the rest of the MORE_SUGGESTIONS asked for. */
export const FIRST_SUGGESTIONS = 3;
export const MORE_SUGGESTIONS = 12;

export const suggestionsQuery = (makeupId: string) =>
  queryOptions({
    queryKey: lessonKeys.suggestions(makeupId),
    queryFn: async ({ signal }) =>
      empty((await call(lessons.makeupSuggestions, { params: { makeupId }, query: { limit: String(MORE_SUGGESTIONS) } }, { signal }))?.suggestions, []),
  });

/** The student's dates that somebody could swap: "Tauschen" only there (one request for the page). */
export const swapDatesQuery = () =>
  queryOptions({
    queryKey: lessonKeys.swapDates,
    queryFn: async ({ signal }) => empty((await call(swaps.swapDates, {}, { signal }))?.dates, []),
  });

export const swapOptionsQuery = (classId: string, memberId: string, date: string | null) =>
  queryOptions({
    queryKey: lessonKeys.swapOptions(classId, memberId, date),
    queryFn: async ({ signal }) =>
      empty((await call(swaps.swapOptions, { query: { class_id: classId, member_id: memberId, ...(date ? { date } : {}) } }, { signal }))?.options, []),
  });

export const classLessonsQuery = (classId: string) =>
  queryOptions({
    queryKey: lessonKeys.ofClass(classId),
    queryFn: async ({ signal }) => empty((await call(semester.classLessons, { params: { classId } }, { signal }))?.lessons, []),
  });

export const classMakeupsQuery = (classId: string) =>
  queryOptions({
    queryKey: lessonKeys.classMakeups(classId),
    queryFn: async ({ signal }) => empty((await call(lessons.classMakeups, { params: { classId } }, { signal }))?.makeups, []),
  });

export const classSwapsQuery = (classId: string) =>
  queryOptions({
    queryKey: lessonKeys.classSwaps(classId),
    queryFn: async ({ signal }) => empty((await call(swaps.classSwapRequests, { params: { classId } }, { signal }))?.requests, []),
  });

const write = { abortPrevious: false } as const;

export const cancelLesson = (body: CancelBody) => call(lessons.cancelLesson, { body }, write);
export const bookMakeup = (makeupId: string, date: string, start: string) => call(lessons.bookMakeup, { params: { makeupId }, body: { date, start } }, write);
export const requestSwap = (body: BodyOf<typeof swaps.createSwapRequest>) => call(swaps.createSwapRequest, { body }, write);
export const acceptSwap = (requestId: string) => call(swaps.acceptSwapRequest, { params: { requestId } }, write);
export const declineSwap = (requestId: string) => call(swaps.declineSwapRequest, { params: { requestId } }, write);
export const approveSwap = (requestId: string) => call(swaps.approveSwapRequest, { params: { requestId } }, write);

const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** "Mo, 11.01." from YYYY-MM-DD. */
export function shortDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return `${WEEKDAYS[weekday]}, ${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.`;
}

/** "Mi 16.12., 15:00": a lesson of a swap, as the cards and dialogs name it. */
export const lessonWhen = (l: Pick<SwapLesson, 'date' | 'start'>) => `${shortDate(l.date).replace(', ', ' ')}, ${l.start}`;

/** "11.01.2027". */
export const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The Monday of the date's week (YYYY-MM-DD). */
export function mondayOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  t.setUTCDate(t.getUTCDate() - ((t.getUTCDay() + 6) % 7));
  return t.toISOString().slice(0, 10);
}

/** Today in Europe/Berlin (YYYY-MM-DD). */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const STATUS_LABELS: Record<ClassLesson['status'] | 'cancelled' | 'makeup' | 'swapped', string> = {
  planned: 'Geplant',
  holiday: 'Feiertag',
  break: 'Unterrichtsfrei',
  cancelled: 'Abgesagt',
  makeup: 'Nachholtermin',
  swapped: 'Getauscht',
};

export const SWAP_STATUS_LABELS: Record<MySwapRequest['status'], string> = {
  pending: 'Wartet auf Antwort',
  awaiting_approval: 'Wartet auf Zustimmung der Lehrkraft',
  swapped: 'Getauscht',
  declined: 'Abgelehnt',
};
