import { availability } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import type { OwnTimes } from '../../shared/data/student-times';
import { timesBody, timesOf, type WeekTimes } from './preferred/preferred-times';

export type { OwnTimes } from '../../shared/data/student-times';

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
