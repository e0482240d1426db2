import { AppError, assertTeacher } from '@stundenplan/base';
import type { Express } from 'express';
import { deleteSchedule, getSchedule, listSchedules, saveSchedule, SCHEDULE_TEXTS, upsertSchedule, type ScheduleDeps } from '../domain/schedules.js';
import { roomOptions } from '../domain/room-options.js';
import type { SolverMetrics } from '../domain/solver-metrics.js';

/** docs/product/api.md "Schedules and calculation": saved schedules of a class. */
export function registerScheduleRoutes(app: Express, deps: ScheduleDeps, metrics: SolverMetrics): void {
  app.get('/api/classes/:classId/schedules', async (req, res) => {
    const user = assertTeacher(req);
    res.json({ schedules: await listSchedules(deps, user.userId, req.params.classId) });
  });

  app.get('/api/schedules', async (req, res) => {
    const user = assertTeacher(req);
    const classId = typeof req.query.class_id === 'string' ? req.query.class_id : '';
    if (!classId) throw AppError.badRequest(SCHEDULE_TEXTS.noClass);
    res.json(await listSchedules(deps, user.userId, classId));
  });

  app.get('/api/schedules/:scheduleId', async (req, res) => {
    const user = assertTeacher(req);
    res.json(await getSchedule(deps, user.userId, req.params.scheduleId));
  });

  app.post('/api/classes/:classId/schedules', async (req, res) => {
    const user = assertTeacher(req);
    const saved = await saveSchedule(deps, user.userId, req.params.classId, req.body);
    metrics.schedulesSaved.inc({ op: 'create' });
    res.status(201).json(saved);
  });

  app.post('/api/classes/:classId/schedules/:scheduleId', async (req, res) => {
    const user = assertTeacher(req);
    const saved = await saveSchedule(deps, user.userId, req.params.classId, req.body, req.params.scheduleId);
    metrics.schedulesSaved.inc({ op: 'update' });
    res.json(saved);
  });

  // Idempotent save under the schedule's id: update it, or create it again when it was deleted meanwhile.
  app.put('/api/classes/:classId/schedules/:scheduleId', async (req, res) => {
    const user = assertTeacher(req);
    const { created, schedule } = await upsertSchedule(deps, user.userId, req.params.classId, req.params.scheduleId, req.body);
    metrics.schedulesSaved.inc({ op: created ? 'create' : 'update' });
    res.status(created ? 201 : 200).json(schedule);
  });

  // docs/product/school-rooms-in-plans.md: the free suitable rooms of one lesson (the planner's room choice).
  app.get('/api/classes/:classId/room-options', async (req, res) => {
    const user = assertTeacher(req);
    res.json(await roomOptions(deps, user.userId, req.params.classId, req.query as Record<string, unknown>));
  });

  app.delete('/api/classes/:classId/schedules/:scheduleId', async (req, res) => {
    const user = assertTeacher(req);
    res.json(await deleteSchedule(deps, user.userId, req.params.classId, req.params.scheduleId));
  });
}
