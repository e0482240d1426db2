import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import { api } from '../../shared/api/client';
import type { TeachersTimeRanges } from './student-window';

export interface OwnTimes {
  times: WeekSlots;
  lastModified: string | null;
}

interface OwnTimesAnswer {
  available_times_response?: { available_times?: TimesMap | null; last_modified?: string | null } | null;
}

interface SaveOwnTimesAnswer {
  available_times?: TimesMap | null;
  last_modified?: string | null;
  message?: string;
}

/** GET me/available-times: the times nest under available_times_response (docs/product/api.md). */
export async function fetchOwnTimes(signal?: AbortSignal): Promise<OwnTimes> {
  const answer = await api.get<OwnTimesAnswer>('me/available-times', { signal });
  const inner = answer?.available_times_response;
  return { times: WeekSlots.fromTimesMap(inner?.available_times ?? {}, { strict: false }), lastModified: inner?.last_modified ?? null };
}

export async function fetchTeachersTimeRanges(signal?: AbortSignal): Promise<TeachersTimeRanges> {
  return (await api.get<TeachersTimeRanges>('me/teachers-time-ranges', { signal })) ?? { time_ranges: {}, has_range: false };
}

/**
 * PUT me/available-times {available_times}; answers what the server stored, or null when the
 * session had expired (the client's 401 flow is then on its way to '/').
 */
export async function saveOwnTimes(times: WeekSlots): Promise<OwnTimes | null> {
  const answer = await api.put<SaveOwnTimesAnswer>('me/available-times', { available_times: times.toTimesMap() }, { abortOnRouteChange: false });
  if (answer === undefined) return null;
  return {
    times: answer?.available_times ? WeekSlots.fromTimesMap(answer.available_times, { strict: false }) : times,
    lastModified: answer?.last_modified ?? null,
  };
}
