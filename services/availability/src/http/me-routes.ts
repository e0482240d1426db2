import { assertStudent, bodyObject, parseBody } from '@stundenplan/base';
import { availability } from '@stundenplan/contracts';
import type { Express } from 'express';
import type { AvailabilityDeps } from '../domain/deps.js';
import { getOwnTimes, getTeachersTimeRanges, OWN_TIMES_SAVED, saveOwnTimes } from '../domain/manage-own-times.js';
import { timesRefusal } from '../domain/parse-times.js';

/** A refused times map answers what the strict reading says of it (docs/product/times.md). */
const OWN_TIMES_BODY = { available_times: timesRefusal, preferred_times: timesRefusal };

/** A student's own times and window (docs/product/api.md "Times and ranges"); teachers get 403. */
export function registerMeRoutes(app: Express, deps: AvailabilityDeps): void {
  app.get('/api/me/available-times', async (req, res) => {
    const user = assertStudent(req);
    res.json({ available_times_response: await getOwnTimes(deps, user.userId) });
  });

  app.put('/api/me/available-times', async (req, res) => {
    const user = assertStudent(req);
    const body = parseBody(availability.saveOwnTimes, { body: bodyObject(req) }, OWN_TIMES_BODY);
    const saved = await saveOwnTimes(deps, user.userId, body.available_times, body.preferred_times);
    res.json({ ...saved, message: OWN_TIMES_SAVED });
  });

  app.get('/api/me/teachers-time-ranges', async (req, res) => {
    const user = assertStudent(req);
    res.json(await getTeachersTimeRanges(deps, user.userId));
  });
}
