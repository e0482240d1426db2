-- Mails per recipient address and day (Europe/Berlin), for the daily limit per recipient
-- (docs/product/limits.md). Only the sha256 of the lower-cased address is kept; rows of days
-- before yesterday are deleted.
CREATE TABLE recipient_mail_counts (
  address_sha256 TEXT NOT NULL,
  day DATE NOT NULL,
  count INTEGER NOT NULL,
  CONSTRAINT recipient_mail_counts_pkey PRIMARY KEY (address_sha256, day)
);

CREATE INDEX recipient_mail_counts_day_idx ON recipient_mail_counts (day);

-- A mail over its recipient's daily limit is recorded as 'limited' (not sent, never retried).
ALTER TABLE mails DROP CONSTRAINT mails_status_check;
ALTER TABLE mails ADD CONSTRAINT mails_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'invalid', 'limited'));
