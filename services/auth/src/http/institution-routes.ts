import { AppError, isUuid } from '@stundenplan/base';
import type { Express, Request, Response } from 'express';
import type { AuthDeps, InstitutionRow } from '../domain/deps.js';
import { MSG } from '../domain/messages.js';

const view = (i: InstitutionRow) => ({ id: i.id, name: i.name, students_mail: i.studentsMail, teachers_mail: i.teachersMail });

/** docs/product/api.md: GET institutions, GET get-institution-mail-endings/{institutionId} (public: the registration form needs them). */
export function registerInstitutionRoutes(app: Express, deps: AuthDeps): void {
  app.get('/api/institutions', async (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json((await deps.institutions.list()).map(view));
  });

  app.get('/api/get-institution-mail-endings/:institutionId', async (req: Request, res: Response) => {
    const id = String(req.params.institutionId ?? '');
    if (!isUuid(id)) throw AppError.badRequest(MSG.invalidInstitutionId);
    const institution = await deps.institutions.find(id);
    if (!institution) throw AppError.notFound(MSG.institutionNotFound);
    res.json({ students_mail: institution.studentsMail, teachers_mail: institution.teachersMail });
  });
}
