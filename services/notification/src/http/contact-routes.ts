import { parseBody } from '@stundenplan/base';
import { notification } from '@stundenplan/contracts';
import type { Express, Request, Response } from 'express';
import { CONTACT_MSG, submitContact } from '../domain/contact.js';
import type { NotificationDeps } from '../domain/deps.js';

/** The texts of a body the contract refuses, in the order of the form's fields (docs/product/screens.md contact page). */
const CONTACT_BODY = {
  '': CONTACT_MSG.type,
  type: CONTACT_MSG.type,
  name: CONTACT_MSG.name,
  email: CONTACT_MSG.email,
  subject: CONTACT_MSG.subject,
  message: CONTACT_MSG.message,
};

/** docs/product/api.md: POST /api/contact (public; rate limited by the gateway). Lengths and the address are checked in the domain. */
export function registerContactRoutes(app: Express, deps: NotificationDeps): void {
  app.post('/api/contact', async (req: Request, res: Response) => {
    res.json(await submitContact(deps, parseBody(notification.contact, req, CONTACT_BODY), req.user));
  });
}
