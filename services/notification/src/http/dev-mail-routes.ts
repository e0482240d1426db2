import { AppError, loopbackOnly } from '@stundenplan/base';
import type { Express, Request, Response } from 'express';
import type { MailRow, NotificationDeps } from '../domain/deps.js';
import { devMailPage } from './dev-mail-page.js';

function limitOf(req: Request): number {
  const n = Number(req.query.limit ?? 200);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 1000) : 200;
}

function mailJson(m: MailRow) {
  return {
    id: m.id,
    to: m.toAddress,
    reply_to: m.replyTo,
    subject: m.subject,
    text: m.textBody,
    html: m.htmlBody,
    status: m.status,
    transport: m.transport,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt ? m.sentAt.toISOString() : null,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
  };
}

/** RFC 6266 filename plus filename* for non-ASCII names. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The local outbox for people running it on their machine (DEV_MAIL_ENABLED): the gateway proxies
 * /dev/mail* here in embedded mode. Mails contain live links (password resets), so never on in production,
 * and only loopback clients are answered.
 */
export function registerDevMailRoutes(app: Express, deps: NotificationDeps): void {
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');
  const to = (req: Request) => (typeof req.query.to === 'string' && req.query.to.trim() ? req.query.to.trim() : undefined);
  // Only the gateway on the same machine (or someone at this machine) may read the outbox.
  app.use(['/dev/mail', '/dev/mail.json'], loopbackOnly());

  app.get('/dev/mail.json', async (req: Request, res: Response) => {
    noStore(res);
    res.json((await deps.mails.list({ limit: limitOf(req), to: to(req) })).map(mailJson));
  });

  app.get(['/dev/mail', '/dev/mail/'], async (req: Request, res: Response) => {
    noStore(res);
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:");
    res.type('html').send(devMailPage(await deps.mails.list({ limit: limitOf(req), to: to(req) })));
  });

  app.get('/dev/mail/:id/attachments/:n', async (req: Request, res: Response) => {
    noStore(res);
    const file = await deps.mails.attachment(String(req.params.id), Number(req.params.n));
    if (!file) throw AppError.notFound('Anhang nicht gefunden');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', contentDisposition(file.filename));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.content);
  });
}
