-- Retention of unused accounts (docs/privacy/loeschkonzept.md): when the holder was warned that the account goes.
-- Set once per warning (the marker makes the mail and the deletion happen once, whichever replica runs them);
-- cleared when the holder signs in again.
ALTER TABLE users ADD COLUMN retention_warned_at TIMESTAMPTZ(3);
