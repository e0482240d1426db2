import { assertTeacher } from '@stundenplan/base';
import type { Express } from 'express';
import { calculate, type CalculateDeps } from '../domain/calculate.js';

/** docs/product/api.md: POST cp-sat-berechnung-from-db (answer field: timetable). */
export function registerCalculationRoutes(app: Express, deps: CalculateDeps): void {
  app.post('/api/cp-sat-berechnung-from-db', async (req, res) => {
    const user = assertTeacher(req);
    res.json(await calculate(deps, user.userId, req.body));
  });
}
