-- During the semester (docs/product/semester.md): a class's lesson rules, cancelled dated lessons and the make-up
-- lessons they give. A teacher's booked make-ups never overlap: bookings take a per-teacher advisory lock and
-- check the day's make-ups; the unique index is the last guard for the same start. Mirrors prisma/schema.prisma.
CREATE TABLE "lesson_rules" (
    "class_id" UUID NOT NULL,
    "cancel_notice_hours" INTEGER NOT NULL DEFAULT 24,
    "makeup_weeks" INTEGER NOT NULL DEFAULT 4,
    "swaps_need_approval" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lesson_rules_pkey" PRIMARY KEY ("class_id")
);

CREATE TABLE "lesson_cancellations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "class_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "teacher_id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "start" TEXT NOT NULL,
    "end" TEXT NOT NULL,
    "by_role" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lesson_cancellations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "lesson_cancellations_lesson_key" ON "lesson_cancellations"("class_id", "member_id", "date", "start");

CREATE TABLE "makeups" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "class_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "teacher_id" TEXT NOT NULL,
    "cancellation_id" UUID NOT NULL,
    "cancelled_date" DATE NOT NULL,
    "expires_on" DATE NOT NULL,
    "booked_date" DATE,
    "booked_start" TEXT,
    "booked_end" TEXT,
    "booked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "makeups_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "makeups_cancellation_id_fkey" FOREIGN KEY ("cancellation_id") REFERENCES "lesson_cancellations"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "makeups_cancellation_id_key" ON "makeups"("cancellation_id");
CREATE INDEX "makeups_class_id_idx" ON "makeups"("class_id");
CREATE UNIQUE INDEX "makeups_teacher_booked_key" ON "makeups"("teacher_id", "booked_date", "booked_start") WHERE "booked_date" IS NOT NULL;
