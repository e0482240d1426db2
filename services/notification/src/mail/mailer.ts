/** One mail ready to go out. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Stable id of the request (our mail id): the Message-ID is derived from it. */
  id: string;
}

export interface SendResult {
  providerMessageId: string;
}

/** The transport, chosen by MAIL_TRANSPORT: 'outbox' (stored only, /dev/mail) or 'ses' (Amazon SES). */
export interface Mailer {
  readonly transport: 'outbox' | 'ses';
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}
