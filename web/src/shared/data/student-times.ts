// The student's own times and their teachers' ranges (docs/product/times.md): one query each, shared by /student
// and by the prefetch that starts them beside the page's chunk (web/src/app/route-data.ts).
import { queryOptions } from '@tanstack/react-query';
import type { AnswerOf } from '@stundenplan/contracts';
import { availability } from '@stundenplan/contracts/routes';
import { call, type RequestOptions } from '../api/client';
import { queryKeys } from './query-keys';
import type { WeekTimes } from './week-times';

export interface OwnTimes {
  /** Available and preferred times. */
  times: WeekTimes;
  lastModified: string | null;
}

/** GET me/teachers-time-ranges as its contract gives it. */
export type TeachersTimeRanges = AnswerOf<typeof availability.teachersTimeRanges>;

/** What a prefetch may change of a request (route-data.ts). */
export type PrefetchRequest = Pick<RequestOptions, 'authRedirect' | 'abortOnRouteChange'>;

/**
 * GET me/available-times: the times nest under available_times_response (docs/product/api.md). The answer and the
 * time grid that reads it load side by side: the grid is not part of the first load.
 */
export async function fetchOwnTimes(signal?: AbortSignal, request: PrefetchRequest = {}): Promise<OwnTimes> {
  const [answer, { timesOf }] = await Promise.all([call(availability.getOwnTimes, {}, { ...request, signal }), import('./week-times')]);
  const inner = answer?.available_times_response;
  return { times: timesOf(inner?.available_times, inner?.preferred_times), lastModified: inner?.last_modified ?? null };
}

export async function fetchTeachersTimeRanges(signal?: AbortSignal, request: PrefetchRequest = {}): Promise<TeachersTimeRanges> {
  return (await call(availability.teachersTimeRanges, {}, { ...request, signal })) ?? { time_ranges: {}, has_range: false };
}

/**
 * Both are fetched afresh whenever /student is entered (route-data.ts, beside the page's chunk); the page then finds
 * them fresh (the client's staleTime) instead of asking a second time.
 */
export const ownTimesQuery = (request: PrefetchRequest = {}) =>
  queryOptions({ queryKey: queryKeys.ownTimes, queryFn: ({ signal }) => fetchOwnTimes(signal, request) });

export const teachersTimeRangesQuery = (request: PrefetchRequest = {}) =>
  queryOptions({ queryKey: queryKeys.teachersTimeRanges, queryFn: ({ signal }) => fetchTeachersTimeRanges(signal, request) });
