-- The plans as the students got them (docs/adr/0031-lessons-service.md), fed by schedule.sent.v1.
-- Keep in sync with prisma/schema.prisma.
CREATE TABLE published_plans (
  sending_id UUID PRIMARY KEY,
  class_id UUID NOT NULL,
  teacher_id TEXT NOT NULL,
  schedule_id UUID,
  lessons JSONB NOT NULL,
  calendar_from DATE NOT NULL,
  calendar_until DATE NOT NULL,
  informed_member_ids JSONB,
  sent_at TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX published_plans_class_id_sent_at_idx ON published_plans (class_id, sent_at DESC);

-- The plans sent before this service existed: every sending of the notification service (schema "notification")
-- that carried calendar data. A database without it (a new one) has nothing to take over.
DO $$
BEGIN
  IF to_regclass('notification.schedule_sendings') IS NOT NULL THEN
    INSERT INTO published_plans (sending_id, class_id, teacher_id, schedule_id, lessons, calendar_from, calendar_until, informed_member_ids, sent_at)
    SELECT id, class_id, teacher_id, schedule_id, lessons, calendar_from, calendar_until, informed_member_ids, created_at
    FROM notification.schedule_sendings
    WHERE lessons IS NOT NULL AND calendar_from IS NOT NULL AND calendar_until IS NOT NULL
    ON CONFLICT (sending_id) DO NOTHING;
  END IF;
END $$;
