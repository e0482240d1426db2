import type { SESClient } from '@aws-sdk/client-ses';
import type { Mailer, OutgoingMail, SendResult } from './mailer.js';

export interface SesOptions {
  region: string;
  endpoint?: string;
  /** Credentials for an emulator; undefined = the AWS default provider chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Amazon SES with SendRawEmail, so attachments work: the MIME message is composed by nodemailer (mime.ts).
 * The AWS SDK and nodemailer load with the first mail, not at start (docs/adr/0014).
 */
export class SesMailer implements Mailer {
  readonly transport = 'ses' as const;
  private client: SESClient | undefined;

  constructor(private readonly opts: SesOptions) {}

  async send(mail: OutgoingMail): Promise<SendResult> {
    const [{ SESClient, SendRawEmailCommand }, { buildMime }] = await Promise.all([import('@aws-sdk/client-ses'), import('./mime.js')]);
    const { region, endpoint, credentials } = this.opts;
    this.client ??= new SESClient({ region, endpoint, credentials, maxAttempts: 2 });
    const out = await this.client.send(new SendRawEmailCommand({ RawMessage: { Data: await buildMime(mail) } }));
    return { providerMessageId: out.MessageId ?? '' };
  }

  close(): void {
    this.client?.destroy();
  }
}
