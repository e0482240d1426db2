-- Reminder mails to members without times (issue 16). Mirrors prisma/schema.prisma.
-- One row per member and calendar day (Europe/Berlin): the unique key is the once-a-day rule.
CREATE TABLE "reminders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "teacher_id" TEXT NOT NULL,
    "class_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reminders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reminders_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("member_id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "reminders_member_id_day_key" ON "reminders"("member_id", "day");
CREATE INDEX "reminders_teacher_id_idx" ON "reminders"("teacher_id");
