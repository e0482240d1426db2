import { assertUser } from '@stundenplan/base';
import type { Express, Request, Response } from 'express';
import { exportPersonalData, type ExportDeps } from '../domain/export-data.js';

/** GET /api/me/export (packages/contracts privacy.ts): the caller's copy of their data as a JSON file. */
export function registerExportRoutes(app: Express, deps: ExportDeps): void {
  app.get('/api/me/export', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const copy = await exportPersonalData(deps, assertUser(req));
    const day = copy.exported_at.slice(0, 10);
    res.setHeader('Content-Disposition', `attachment; filename="meine-daten-${day}.json"`);
    res.type('application/json').send(`${JSON.stringify(copy, null, 2)}\n`);
  });
}
