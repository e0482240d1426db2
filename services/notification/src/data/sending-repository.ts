import { randomUUID } from 'node:crypto';
import { Topic, writeOutbox } from '@stundenplan/base';
import type { MailRequest } from '../domain/mail-request.js';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface NewScheduleSending {
  classId: string;
  teacherId: string;
  scheduleName: string | null;
  pdfSize: number;
}

export interface ScheduleSendingRow extends NewScheduleSending {
  id: string;
  recipientCount: number;
  createdAt: Date;
}

/** A sending of a few dozen events plus a PDF of up to 5 MB must not run into Prisma's default 5 s transaction timeout. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 120_000 } as const;

export class SendingRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The history row and one mail.requested.v1 event per recipient commit together (transactional
   * outbox): either every mail is on its way or none is. The events are keyed by the sending id.
   */
  async save(sending: NewScheduleSending, mails: MailRequest[], blob?: { sha256: string; content: Buffer }): Promise<ScheduleSendingRow> {
    if (!mails.length) throw new Error('a schedule sending needs at least one mail');
    const id = randomUUID();
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.scheduleSending.create({ data: { id, ...sending, recipientCount: mails.length } });
      // The PDF once, by its sha256; the events only name it (blobSha256), so it is not copied per recipient.
      if (blob) {
        await tx.$executeRawUnsafe(
          'INSERT INTO mail_blobs (sha256, size, content) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING',
          blob.sha256,
          blob.content.length,
          new Uint8Array(blob.content),
        );
      }
      for (const mail of mails) {
        await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, id, mail);
      }
      return row;
    }, TX_OPTIONS);
  }

  /** Newest first. */
  async listForClass(classId: string): Promise<ScheduleSendingRow[]> {
    return this.prisma.scheduleSending.findMany({ where: { classId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }
}
