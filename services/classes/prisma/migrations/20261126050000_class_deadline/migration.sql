-- Deadline per class for the students' times (issue 16). Mirrors prisma/schema.prisma.
-- deadline: the last day (Europe/Berlin) on which students enter their times; NULL = no deadline.
-- allow_late_changes: students may still change their own times after that day.
ALTER TABLE "classes" ADD COLUMN "deadline" DATE;
ALTER TABLE "classes" ADD COLUMN "allow_late_changes" BOOLEAN NOT NULL DEFAULT false;
