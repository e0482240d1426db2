-- Rooms of a saved schedule (issue 40, ADR 0034): member_id -> {"id", "name", "site_id", "site_name"},
-- a snapshot of the room's name and site when the schedule was saved. {} for a class without a school.
ALTER TABLE schedules ADD COLUMN rooms JSONB NOT NULL DEFAULT '{}'::jsonb;
