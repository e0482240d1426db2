/** Every topic of the system, `<domain>.<event>.v1`. */
export enum Topic {
  UserRegistered = 'user.registered.v1',
  UserUpdated = 'user.updated.v1',
  UserDeleted = 'user.deleted.v1',
  ClassDeleted = 'class.deleted.v1',
  MemberAdded = 'member.added.v1',
  MemberRemoved = 'member.removed.v1',
  MemberLinked = 'member.linked.v1',
  TimesChanged = 'times.changed.v1',
  ScheduleSaved = 'schedule.saved.v1',
  MailRequested = 'mail.requested.v1',
}

export interface EventEnvelope<P = unknown> {
  id: string;
  topic: Topic;
  key: string;
  version: 1;
  occurredAt: string;
  payload: P;
}

/** A mail some service wants sent; the notification service consumes these. */
export interface MailRequestedPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Inline bytes (contentBase64) or, for large shared files, the sha256 of bytes the notification service stored once. */
  attachments?: { filename: string; contentType: string; contentBase64?: string; blobSha256?: string }[];
}
