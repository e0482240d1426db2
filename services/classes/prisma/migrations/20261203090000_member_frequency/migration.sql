-- 14-day lessons (issue 25): a member has a lesson every week (default) or every other week. Mirrors prisma/schema.prisma.
ALTER TABLE "members" ADD COLUMN "frequency" TEXT NOT NULL DEFAULT 'weekly';
ALTER TABLE "members" ADD CONSTRAINT "members_frequency_check" CHECK ("frequency" IN ('weekly', 'biweekly'));
