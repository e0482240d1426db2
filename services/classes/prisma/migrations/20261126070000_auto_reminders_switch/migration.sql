-- Per-class switch for the automatic reminders 3 and 1 days before the deadline (issue 16). Mirrors prisma/schema.prisma.
ALTER TABLE "classes" ADD COLUMN "auto_reminders" BOOLEAN NOT NULL DEFAULT true;
