import type { Express, Request, Response } from 'express';
import { submitContact } from '../domain/contact.js';
import type { NotificationDeps } from '../domain/deps.js';

/** docs/product/api.md: POST /api/contact (public; rate limited by the gateway). */
export function registerContactRoutes(app: Express, deps: NotificationDeps): void {
  app.post('/api/contact', async (req: Request, res: Response) => {
    res.json(await submitContact(deps, req.body, req.user));
  });
}
