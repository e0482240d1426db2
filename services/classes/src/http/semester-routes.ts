import { assertTeacher, parseBody } from '@stundenplan/base';
import { semester } from '@stundenplan/contracts';
import type { Express } from 'express';
import type { Deps } from '../domain/context.js';
import { MSG } from '../domain/messages.js';
import { deleteSemester, getSemester, setSemester } from '../domain/semester.js';
import { idOrNotFound } from '../domain/validation.js';
import { SEMESTER_BODY } from './request-texts.js';

/** GET/PUT/DELETE /api/classes/{classId}/semester (owner; docs/product/semester.md). */
export function registerSemesterRoutes(app: Express, deps: Deps): void {
  app.get('/api/classes/:classId/semester', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await getSemester(deps, teacher.userId, idOrNotFound(req.params.classId, MSG.classNotFound)));
  });

  app.put('/api/classes/:classId/semester', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    res.json(await setSemester(deps, teacher.userId, classId, parseBody(semester.setSemester, req, SEMESTER_BODY)));
  });

  app.delete('/api/classes/:classId/semester', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await deleteSemester(deps, teacher.userId, idOrNotFound(req.params.classId, MSG.classNotFound)));
  });
}
