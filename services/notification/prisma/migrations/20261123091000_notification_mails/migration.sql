-- Mail log and contact messages of the notification service (schema "notification").
-- Keep in sync with prisma/schema.prisma.

-- One row per mail.requested.v1 event (event_id unique: a redelivered event never sends twice).
CREATE TABLE mails (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id UUID NOT NULL,
  to_address TEXT NOT NULL,
  reply_to TEXT,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  attachments JSONB NOT NULL DEFAULT '[]',
  transport TEXT NOT NULL CHECK (transport IN ('outbox', 'ses')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'invalid')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  provider_message_id TEXT,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  sent_at TIMESTAMPTZ(3),
  CONSTRAINT mails_event_id_key UNIQUE (event_id)
);
CREATE INDEX mails_created_at_idx ON mails (created_at DESC);

-- Attachment bytes, numbered from 0 in the order of the request.
CREATE TABLE mail_attachments (
  mail_id UUID NOT NULL,
  position INTEGER NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BYTEA NOT NULL,
  CONSTRAINT mail_attachments_pkey PRIMARY KEY (mail_id, position),
  CONSTRAINT mail_attachments_mail_id_fkey FOREIGN KEY (mail_id) REFERENCES mails (id) ON DELETE CASCADE ON UPDATE CASCADE
);

-- Contact form messages, stored as typed.
CREATE TABLE contact_messages (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  type TEXT NOT NULL CHECK (type IN ('feedback', 'bug')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  user_id TEXT,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
