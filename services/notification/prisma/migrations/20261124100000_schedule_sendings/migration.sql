-- History of "send the schedule to the students" (POST /api/send-schedule-to-students).
-- One row per accepted request, committed together with its mail.requested.v1 outbox events.
-- Keep in sync with prisma/schema.prisma.
CREATE TABLE schedule_sendings (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id UUID NOT NULL,
  teacher_id TEXT NOT NULL,
  recipient_count INTEGER NOT NULL CHECK (recipient_count > 0),
  schedule_name TEXT,
  pdf_size INTEGER NOT NULL,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX schedule_sendings_class_id_created_at_idx ON schedule_sendings (class_id, created_at DESC);
