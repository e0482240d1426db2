-- Retention of a class's data (docs/privacy/loeschkonzept.md): when the teacher was warned, for which due day, and
-- when the data last went. The markers make every warning and every deletion happen once, whichever replica runs it.
ALTER TABLE classes
  ADD COLUMN retention_warned_at TIMESTAMPTZ(3),
  ADD COLUMN retention_warned_for DATE,
  ADD COLUMN data_expired_at TIMESTAMPTZ(3);
