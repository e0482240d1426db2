import { SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { buildMime } from './mime.js';
import type { Mailer, OutgoingMail, SendResult } from './mailer.js';

export interface SesOptions {
  region: string;
  endpoint?: string;
  /** Credentials for an emulator; undefined = the AWS default provider chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Amazon SES with SendRawEmail, so attachments work: the MIME message is composed by nodemailer (mime.ts). */
export class SesMailer implements Mailer {
  readonly transport = 'ses' as const;
  private readonly client: SESClient;

  constructor(opts: SesOptions) {
    this.client = new SESClient({ region: opts.region, endpoint: opts.endpoint, credentials: opts.credentials, maxAttempts: 2 });
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    const out = await this.client.send(new SendRawEmailCommand({ RawMessage: { Data: await buildMime(mail) } }));
    return { providerMessageId: out.MessageId ?? '' };
  }

  close(): void {
    this.client.destroy();
  }
}
