// The teacher's side of the semester (docs/product/semester.md): the class's lesson rules, cancelling a whole day
// ("Ich bin krank") and withdrawing a cancellation. Every call is typed by its contract.
import type { AnswerOf, BodyOf } from '@stundenplan/contracts';
import { lessons } from '@stundenplan/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

export type LessonRules = AnswerOf<typeof lessons.getLessonRules>;
export type CancelDayBody = BodyOf<typeof lessons.cancelDay>;
export type CancelDayAnswer = AnswerOf<typeof lessons.cancelDay>;
export type WithdrawBody = BodyOf<typeof lessons.withdrawCancellation>;

/** Under the lessons feature's key: a change of the rules reloads nothing else, a change of lessons reloads them. */
export const lessonRulesKey = (classId: string) => ['lesson-rules', classId] as const;

export const lessonRulesQuery = (classId: string) =>
  queryOptions({
    queryKey: lessonRulesKey(classId),
    queryFn: async ({ signal }) => (await call(lessons.getLessonRules, { params: { classId } }, { signal })) ?? null,
  });

const write = { abortPrevious: false } as const;

export const saveLessonRules = (classId: string, body: LessonRules) => call(lessons.setLessonRules, { params: { classId }, body }, write);
export const cancelDay = (body: CancelDayBody) => call(lessons.cancelDay, { body }, write);
export const withdrawCancellation = (body: WithdrawBody) => call(lessons.withdrawCancellation, { body }, write);
