import { availability } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import { timesBody, timesOf, type WeekTimes } from './preferred/preferred-times';
import type { TeachersTimeRanges } from './student-window';

export interface OwnTimes {
  /** Available and preferred times. */
  times: WeekTimes;
  lastModified: string | null;
}

/** GET me/available-times: the times nest under available_times_response (docs/product/api.md). */
export async function fetchOwnTimes(signal?: AbortSignal): Promise<OwnTimes> {
  const answer = await call(availability.getOwnTimes, {}, { signal });
  const inner = answer?.available_times_response;
  return { times: timesOf(inner?.available_times, inner?.preferred_times), lastModified: inner?.last_modified ?? null };
}

export async function fetchTeachersTimeRanges(signal?: AbortSignal): Promise<TeachersTimeRanges> {
  return (await call(availability.teachersTimeRanges, {}, { signal })) ?? { time_ranges: {}, has_range: false };
}

/**
 * PUT me/available-times {available_times, preferred_times}; answers what the server stored, or null when the
 * session had expired (the client's 401 flow is then on its way to '/').
 */
export async function saveOwnTimes(times: WeekTimes): Promise<OwnTimes | null> {
  const answer = await call(availability.saveOwnTimes, { body: timesBody(times) }, { abortOnRouteChange: false });
  if (answer === undefined) return null;
  return {
    times: answer?.available_times ? timesOf(answer.available_times, answer.preferred_times ?? times.preferred.toTimesMap()) : times,
    lastModified: answer?.last_modified ?? null,
  };
}
