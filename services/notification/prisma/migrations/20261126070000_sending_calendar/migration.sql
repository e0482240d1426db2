-- Calendar files of a sending (issue 16). Mirrors prisma/schema.prisma.
-- The lessons of the schedule as sent (member_id -> [{day, start, end}]), so GET /api/me/calendar.ics
-- answers the latest *sent* plan even after the teacher saved a newer one; only ids and times.
ALTER TABLE "schedule_sendings" ADD COLUMN "schedule_id" UUID;
ALTER TABLE "schedule_sendings" ADD COLUMN "lessons" JSONB;
ALTER TABLE "schedule_sendings" ADD COLUMN "calendar_from" DATE;
ALTER TABLE "schedule_sendings" ADD COLUMN "calendar_until" DATE;
