import { assertStudent, assertTeacher } from '@stundenplan/base';
import type { Express } from 'express';
import { classLessons, myLessons } from '../domain/dated-lessons.js';
import { classIdOf } from '../domain/class-id.js';
import type { NotificationDeps } from '../domain/deps.js';

/** The dated lessons of the plan last sent (docs/product/semester.md): a class's for its teacher, a student's own. */
export function registerLessonsRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/classes/:classId/lessons', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(String(req.params.classId));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await classLessons(deps, teacher.userId, classId));
  });

  app.get('/api/me/lessons', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await myLessons(deps, student.userId));
  });
}
