import { Topic, writeOutbox, type MailRequestedPayload } from '@stundenplan/base';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface NewContactMessage {
  type: 'feedback' | 'bug';
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
}

export class ContactRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The message and the mail request to the operator commit together (transactional outbox). */
  async save(msg: NewContactMessage, mail: (id: string) => MailRequestedPayload): Promise<string> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.contactMessage.create({ data: msg, select: { id: true } });
      await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), Topic.MailRequested, row.id, mail(row.id));
      return row.id;
    });
  }
}
