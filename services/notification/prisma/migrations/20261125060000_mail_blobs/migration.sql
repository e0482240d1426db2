-- Attachment bytes stored once, by their sha256: a schedule sending to 99 students keeps its PDF once.
-- The mail.requested.v1 events (outbox table and topic) and the mail_attachments rows reference it.
-- Keep in sync with prisma/schema.prisma.
CREATE TABLE mail_blobs (
  sha256 TEXT PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size INTEGER NOT NULL,
  content BYTEA NOT NULL,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

ALTER TABLE mail_attachments
  ALTER COLUMN content DROP NOT NULL,
  ADD COLUMN blob_sha256 TEXT,
  ADD CONSTRAINT mail_attachments_blob_sha256_fkey FOREIGN KEY (blob_sha256) REFERENCES mail_blobs (sha256) ON DELETE RESTRICT ON UPDATE CASCADE,
  ADD CONSTRAINT mail_attachments_content_or_blob CHECK (content IS NOT NULL OR blob_sha256 IS NOT NULL);
