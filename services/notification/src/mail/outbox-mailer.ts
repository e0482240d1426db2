import type { Mailer, OutgoingMail, SendResult } from './mailer.js';

/** Embedded mode: the mails table is the outbox; "sending" only marks the stored mail as delivered locally. */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;
  async send(mail: OutgoingMail): Promise<SendResult> {
    return { providerMessageId: `outbox-${mail.id}` };
  }
  close(): void {}
}
