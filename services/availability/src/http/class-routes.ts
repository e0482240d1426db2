import { assertTeacher } from '@stundenplan/base';
import type { Express, Request } from 'express';
import { assertOwnsClass } from '../domain/assert-owns-class.js';
import type { AvailabilityDeps } from '../domain/deps.js';
import { getTeacherTimes, getTimeRange, saveTeacherTimes, setCustomRange, setExactRange, setExtendedRange } from '../domain/manage-class-times.js';
import { jsonBody } from './json-body.js';

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
    res.json(await saveTeacherTimes(deps, classId, teacherId, jsonBody(req).available_times));
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
    res.json(await setExtendedRange(deps, classId, jsonBody(req).extraMinutes));
  });

  app.put('/api/classes/:classId/time-range', async (req, res) => {
    const { classId } = await owner(req);
    const b = jsonBody(req);
    res.json(await setCustomRange(deps, classId, b.mode, b.time_range));
  });
}
