-- Swaps between two students of a class (docs/product/semester.md "Swaps"): one row per request, from asking
-- through the other student's answer (and the teacher's approval) to the swap itself. Mirrors prisma/schema.prisma.
CREATE TABLE "lesson_swaps" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "class_id" UUID NOT NULL,
    "teacher_id" TEXT NOT NULL,
    "member_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    "member_name" TEXT NOT NULL,
    "with_member_id" UUID NOT NULL,
    "with_user_id" TEXT NOT NULL,
    "with_member_name" TEXT NOT NULL,
    "date" DATE,
    "from_date" DATE NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    CONSTRAINT "lesson_swaps_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "lesson_swaps_class_id_created_at_idx" ON "lesson_swaps"("class_id", "created_at" DESC);
CREATE INDEX "lesson_swaps_user_id_idx" ON "lesson_swaps"("user_id");
CREATE INDEX "lesson_swaps_with_user_id_idx" ON "lesson_swaps"("with_user_id");
