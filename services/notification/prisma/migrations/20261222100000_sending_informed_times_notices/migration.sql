-- Who knows their lessons of a sent plan (mailed, or unchanged since they were told): a later sending to
-- "only the changed ones" (recipients=changed) also mails those left out before. Mirrors prisma/schema.prisma.
ALTER TABLE "schedule_sendings" ADD COLUMN "informed_member_ids" JSONB;

-- The mails about a student's times changed after the plan was sent: at most one per class, member,
-- Berlin calendar day and recipient ('teacher' or 'student'), kept in the database so that restarts and
-- replicas send no second one (docs/product/documents.md "Times changed after sending"). Rows older than
-- yesterday are deleted.
CREATE TABLE times_change_notices (
  class_id UUID NOT NULL,
  member_id TEXT NOT NULL,
  day DATE NOT NULL,
  recipient TEXT NOT NULL CHECK (recipient IN ('teacher', 'student')),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT times_change_notices_pkey PRIMARY KEY (class_id, member_id, day, recipient)
);

CREATE INDEX times_change_notices_day_idx ON times_change_notices (day);
