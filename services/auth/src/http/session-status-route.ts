import { isAppError, SESSION_STATUS_PATH } from '@stundenplan/base';
import type { Express, Request, Response } from 'express';
import type { AuthDeps } from '../domain/deps.js';

/**
 * Internal: the gateway and every service ask here (on a cache miss) whether the session of a token is
 * still active; the sessions table is the truth. {active: false} for an ended session, a deleted user,
 * or anything that is not a valid token of ours. It tells nothing its holder could not learn from
 * GET /api/me. When the database cannot answer: 5xx, so the caller refuses without caching.
 */
export function registerSessionStatusRoute(app: Express, deps: AuthDeps): void {
  app.post(SESSION_STATUS_PATH, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = (req.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) {
      res.json({ active: false });
      return;
    }
    try {
      await deps.sessions.verify(token);
      res.json({ active: true });
    } catch (e) {
      if (isAppError(e) && e.code === 'UNAUTHORIZED') res.json({ active: false });
      else throw e;
    }
  });
}
