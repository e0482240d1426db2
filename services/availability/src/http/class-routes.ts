import { assertTeacher, bodyObject, parseBody } from '@stundenplan/base';
import { availability } from '@stundenplan/contracts';
import type { Express, Request } from 'express';
import { assertOwnsClass } from '../domain/assert-owns-class.js';
import type { AvailabilityDeps } from '../domain/deps.js';
import {
  getTeacherTimes,
  getTimeRange,
  INVALID_EXTRA_MINUTES,
  INVALID_RANGE_MODE,
  saveTeacherTimes,
  setCustomRange,
  setExactRange,
  setExtendedRange,
} from '../domain/manage-class-times.js';
import { timesRefusal } from '../domain/parse-times.js';

/** Teacher times and the time range of one class (docs/product/api.md); only the class's teacher. */
export function registerClassRoutes(app: Express, deps: AvailabilityDeps): void {
  const owner = async (req: Request<{ classId: string }>) => {
    const user = assertTeacher(req);
    await assertOwnsClass(deps, req.params.classId, user.userId);
    return { classId: req.params.classId, teacherId: user.userId };
  };

  app.get('/api/classes/:classId/available-times', async (req, res) => {
    const { classId } = await owner(req);
    res.json(await getTeacherTimes(deps, classId));
  });

  app.put('/api/classes/:classId/available-times', async (req, res) => {
    const { classId, teacherId } = await owner(req);
    const body = parseBody(availability.saveTeacherTimes, { body: bodyObject(req) }, { available_times: timesRefusal });
    res.json(await saveTeacherTimes(deps, classId, teacherId, body.available_times));
  });

  app.get('/api/classes/:classId/time-range', async (req, res) => {
    const { classId } = await owner(req);
    res.json(await getTimeRange(deps, classId));
  });

  app.post('/api/classes/:classId/time-range/exact', async (req, res) => {
    const { classId } = await owner(req);
    res.json(await setExactRange(deps, classId));
  });

  app.post('/api/classes/:classId/time-range/extended', async (req, res) => {
    const { classId } = await owner(req);
    const body = parseBody(availability.setExtendedRange, { body: bodyObject(req) }, { extraMinutes: INVALID_EXTRA_MINUTES });
    res.json(await setExtendedRange(deps, classId, body.extraMinutes));
  });

  app.put('/api/classes/:classId/time-range', async (req, res) => {
    const { classId } = await owner(req);
    const b = parseBody(availability.setCustomRange, { body: bodyObject(req) }, { mode: INVALID_RANGE_MODE, time_range: timesRefusal });
    res.json(await setCustomRange(deps, classId, b.mode, b.time_range));
  });
}
