import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from './mailer.js';

/**
 * A complete RFC 5322 / MIME message, composed by nodemailer's MailComposer: text and HTML as
 * multipart/alternative, attachments as multipart/mixed, non-ASCII headers and file names encoded
 * by the library. Nothing is read from files or URLs: attachments are the buffers we hand over.
 */

/** Header values never carry line breaks (no header injection). */
export function headerSafe(v: string): string {
  return v.replace(/[\r\n\t]+/g, ' ').trim();
}

/** The bare address of 'Name <a@b.c>' or 'a@b.c'. */
export function addressOnly(address: string): string {
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(address);
  return (m ? m[1]! : address).trim();
}

export async function buildMime(mail: OutgoingMail, opts: { date?: Date } = {}): Promise<Buffer> {
  const fromDomain = addressOnly(mail.from).split('@')[1] || 'stundenplan.local';
  const composer = new MailComposer({
    from: headerSafe(mail.from),
    to: headerSafe(mail.to),
    ...(mail.replyTo ? { replyTo: headerSafe(mail.replyTo) } : {}),
    subject: headerSafe(mail.subject),
    date: opts.date ?? new Date(),
    messageId: `<${mail.id}@${fromDomain}>`,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    attachments: mail.attachments.map((a) => ({
      filename: headerSafe(a.filename),
      contentType: headerSafe(a.contentType) || 'application/octet-stream',
      content: a.content,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
