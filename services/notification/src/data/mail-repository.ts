import { isUuid } from '@stundenplan/base';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface AttachmentMeta {
  filename: string;
  contentType: string;
  size: number;
}

export interface MailRow {
  id: string;
  eventId: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: AttachmentMeta[];
  transport: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface NewMail {
  eventId: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  transport: 'outbox' | 'ses';
  status?: 'pending' | 'invalid';
  lastError?: string | null;
  /** With blobSha256 the bytes stay in mail_blobs (stored once), not in the mail's own row. */
  files: { filename: string; contentType: string; content: Buffer; blobSha256?: string }[];
}

const select = {
  id: true,
  eventId: true,
  toAddress: true,
  replyTo: true,
  subject: true,
  textBody: true,
  htmlBody: true,
  attachments: true,
  transport: true,
  status: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const;

const toRow = (r: Omit<MailRow, 'attachments'> & { attachments: unknown }): MailRow => ({
  ...r,
  attachments: Array.isArray(r.attachments) ? (r.attachments as AttachmentMeta[]) : [],
});

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } } };
  return (
    err?.code === 'P2002' ||
    err?.meta?.driverAdapterError?.cause?.originalCode === '23505' ||
    err?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
  );
}

export class MailRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The row of this event: created now, or the one an earlier delivery of the same event created. */
  async recordRequest(mail: NewMail): Promise<MailRow> {
    const existing = await this.prisma.mail.findUnique({ where: { eventId: mail.eventId }, select });
    if (existing) return toRow(existing);
    try {
      const created = await this.prisma.mail.create({
        data: {
          eventId: mail.eventId,
          toAddress: mail.toAddress,
          replyTo: mail.replyTo,
          subject: mail.subject,
          textBody: mail.textBody,
          htmlBody: mail.htmlBody,
          transport: mail.transport,
          status: mail.status ?? 'pending',
          lastError: mail.lastError ?? null,
          attachments: mail.files.map((f) => ({ filename: f.filename, contentType: f.contentType, size: f.content.length })),
          files: {
            create: mail.files.map((f, position) => ({
              position,
              filename: f.filename,
              contentType: f.contentType,
              size: f.content.length,
              ...(f.blobSha256 ? { blobSha256: f.blobSha256 } : { content: new Uint8Array(f.content) }),
            })),
          },
        },
        select,
      });
      return toRow(created);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const row = await this.prisma.mail.findUnique({ where: { eventId: mail.eventId }, select });
      if (!row) throw e;
      return toRow(row);
    }
  }

  /**
   * Claims the mail for one delivery; never again once sent (or invalid). A mail still 'sending' is taken over:
   * the caller runs under the event consumer's per-event lock (EventConsumer), so no other delivery of this mail
   * is under way, and a 'sending' left behind means the process that claimed it died mid-send. It is sent again
   * (at least once) instead of being stuck for good.
   */
  async claim(id: string): Promise<boolean> {
    const res = await this.prisma.mail.updateMany({
      where: { id, status: { in: ['pending', 'failed', 'sending'] } },
      data: { status: 'sending', attempts: { increment: 1 } },
    });
    return res.count === 1;
  }

  async markSent(id: string, providerMessageId: string): Promise<void> {
    await this.prisma.mail.update({ where: { id }, data: { status: 'sent', sentAt: new Date(), providerMessageId, lastError: null } });
  }

  /** Not sent, never retried: the recipient's daily limit was reached (docs/product/limits.md). */
  async markLimited(id: string, reason: string): Promise<void> {
    await this.prisma.mail.updateMany({ where: { id, status: 'pending' }, data: { status: 'limited', lastError: reason } });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.prisma.mail.update({ where: { id }, data: { status: 'failed', lastError: error.slice(0, 2000) } });
  }

  async files(id: string): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
    const rows = await this.prisma.mailAttachment.findMany({ where: { mailId: id }, orderBy: { position: 'asc' }, include: { blob: true } });
    return rows.map((r) => ({ filename: r.filename, contentType: r.contentType, content: Buffer.from(r.content ?? r.blob!.content) }));
  }

  async attachment(id: string, position: number): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
    if (!isUuid(id) || !Number.isInteger(position) || position < 0) return null;
    const r = await this.prisma.mailAttachment.findUnique({ where: { mailId_position: { mailId: id, position } }, include: { blob: true } });
    return r ? { filename: r.filename, contentType: r.contentType, content: Buffer.from(r.content ?? r.blob!.content) } : null;
  }

  /** Bytes stored once by sha256 (see SendingRepository.save); null when unknown. */
  async blob(sha256: string): Promise<Buffer | null> {
    const r = await this.prisma.mailBlob.findUnique({ where: { sha256 } });
    return r ? Buffer.from(r.content) : null;
  }

  async find(id: string): Promise<MailRow | null> {
    if (!isUuid(id)) return null;
    const r = await this.prisma.mail.findUnique({ where: { id }, select });
    return r ? toRow(r) : null;
  }

  /** Newest first. */
  async list(opts: { limit: number; to?: string }): Promise<MailRow[]> {
    const rows = await this.prisma.mail.findMany({
      where: opts.to ? { toAddress: { equals: opts.to, mode: 'insensitive' } } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: opts.limit,
      select,
    });
    return rows.map(toRow);
  }
}
