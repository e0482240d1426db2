import { AppError, assertStudent, assertTeacher, isUuid } from '@stundenplan/base';
import type { Express } from 'express';
import { CLASSES_MSG } from '../clients/classes-client.js';
import { classLessons, myLessons } from '../domain/dated-lessons.js';
import type { NotificationDeps } from '../domain/deps.js';

/** The dated lessons of the plan last sent (docs/product/semester.md): a class's for its teacher, a student's own. */
export function registerLessonsRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/classes/:classId/lessons', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = String(req.params.classId);
    if (!isUuid(classId)) throw AppError.notFound(CLASSES_MSG.notFound);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await classLessons(deps, teacher.userId, classId.toLowerCase()));
  });

  app.get('/api/me/lessons', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await myLessons(deps, student.userId));
  });
}
