import { assertTeacher } from '@stundenplan/base';
import { answerFor, scheduling } from '@stundenplan/contracts';
import type { Express } from 'express';
import { calculate, type CalculateDeps } from '../domain/calculate.js';

/** docs/product/api.md: POST cp-sat-berechnung-from-db; body and answer as the contract (packages/contracts) gives them. */
export function registerCalculationRoutes(app: Express, deps: CalculateDeps): void {
  app.post(scheduling.calculate.path, async (req, res) => {
    const user = assertTeacher(req);
    res.json(answerFor(scheduling.calculate, await calculate(deps, user.userId, req.body)));
  });
}
