import type { EventEnvelope, Topic } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';
import type { NewMail } from '../data/mail-repository.js';
import type { NotificationDeps } from './deps.js';
import { validateMailRequest } from './mail-request.js';
import { exemptFromRecipientLimit, RECIPIENT_LIMIT_MSG, recipientLimit } from './recipient-limit.js';

/**
 * Handler of mail.requested.v1. Records the mail (one row per event id), then sends it once through
 * the configured mailer. A failure is recorded and thrown, so the event consumer retries with backoff;
 * a redelivered event whose mail was sent is a no-op. A mail left 'sending' by a process killed mid-send is
 * sent when its event comes again (at the next start, or on another replica): at least once.
 */
export async function deliverMail(deps: NotificationDeps, event: EventEnvelope<Topic.MailRequested>): Promise<void> {
  const checked = validateMailRequest(event.payload);
  if (!checked.ok) {
    deps.log.error({ eventId: event.id, err: checked.error }, 'mail request is invalid; recorded, not sent');
    const p = event.payload;
    await recordMail(deps, event.id, { to: p.to, replyTo: null, subject: p.subject, text: p.text, html: null }, [], checked.error);
    return;
  }
  const m = checked.mail;
  // Attachments stored once (schedule PDFs) are named by sha256 in the event; a missing one can never be sent.
  const files: { filename: string; contentType: string; content: Buffer; blobSha256?: string }[] = [];
  for (const f of m.files) {
    const content = f.content ?? (f.blobSha256 ? await deps.mails.blob(f.blobSha256) : null);
    if (!content) {
      deps.log.error({ eventId: event.id, blob: f.blobSha256 }, 'mail attachment is unknown; recorded, not sent');
      await recordMail(deps, event.id, m, [], `unknown attachment ${f.blobSha256}`);
      return;
    }
    files.push({ filename: f.filename, contentType: f.contentType, content, ...(f.blobSha256 ? { blobSha256: f.blobSha256 } : {}) });
  }
  const row = await recordMail(deps, event.id, m, files);
  if (row.status === 'sent' || row.status === 'invalid' || row.status === 'limited') return;
  // The daily limit per recipient, across every kind of mail: counted once, before the first attempt (a process
  // that dies between counting and sending counts the mail again when the event comes back: never too many mails).
  if (row.status === 'pending' && row.attempts === 0 && !exemptFromRecipientLimit(deps.cfg, m.to)) {
    if (!(await deps.recipientCounts.take(m.to, berlinToday(), recipientLimit(deps.cfg, m.confirmed)))) {
      await deps.mails.markLimited(row.id, RECIPIENT_LIMIT_MSG);
      deps.log.warn({ mailId: row.id, eventId: event.id }, 'recipient reached the daily mail limit; recorded, not sent');
      return;
    }
  }
  if (!(await deps.mails.claim(row.id))) return; // sent (or found invalid) meanwhile
  try {
    const attachments = files.length ? files.map(({ filename, contentType, content }) => ({ filename, contentType, content })) : await deps.mails.files(row.id);
    const { providerMessageId } = await deps.mailer.send({
      id: row.id,
      from: deps.cfg.MAIL_FROM,
      to: m.to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments,
    });
    await deps.mails.markSent(row.id, providerMessageId);
    deps.log.info({ mailId: row.id, eventId: event.id, transport: deps.mailer.transport }, 'mail sent');
  } catch (e) {
    const message = (e as Error).message || String(e);
    await deps.mails.markFailed(row.id, message).catch(() => undefined);
    throw e;
  }
}

interface MailText {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
}

/** Records the mail of one event: pending with its files, or invalid (never sent) when an error is given. */
function recordMail(deps: NotificationDeps, eventId: string, mail: MailText, files: NewMail['files'], invalid?: string) {
  return deps.mails.recordRequest({
    eventId,
    toAddress: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    transport: deps.mailer.transport,
    ...(invalid === undefined ? {} : { status: 'invalid' as const, lastError: invalid }),
    files,
  });
}
