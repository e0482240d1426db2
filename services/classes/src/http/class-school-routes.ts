import { assertTeacher, parseBody } from '@stundenplan/base';
import { school } from '@stundenplan/contracts';
import type { Express } from 'express';
import { getClassSchool, setClassSchool } from '../domain/class-school.js';
import type { Deps } from '../domain/context.js';
import { MSG } from '../domain/messages.js';
import { idOrNotFound } from '../domain/validation.js';
import { CLASS_SCHOOL } from './request-texts.js';

/** GET/PUT /api/classes/{classId}/school (owner; docs/product/school.md "Where a class teaches"). */
export function registerClassSchoolRoutes(app: Express, deps: Deps): void {
  app.get('/api/classes/:classId/school', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await getClassSchool(deps, teacher.userId, idOrNotFound(req.params.classId, MSG.classNotFound)));
  });

  app.put('/api/classes/:classId/school', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    res.json(await setClassSchool(deps, teacher.userId, classId, parseBody(school.setClassSchool, req, CLASS_SCHOOL)));
  });
}
