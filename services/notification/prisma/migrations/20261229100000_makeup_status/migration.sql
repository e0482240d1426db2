-- A make-up's status (src/domain/makeup-status.ts, MAKEUP_TRANSITIONS); keep both in sync. Existing rows: booked
-- when they have a booked date, else open.
ALTER TABLE makeups ADD COLUMN status TEXT NOT NULL DEFAULT 'open';
UPDATE makeups SET status = 'booked' WHERE booked_date IS NOT NULL;
ALTER TABLE makeups ADD CONSTRAINT makeups_status_check CHECK (status IN ('open', 'booked'));
ALTER TABLE makeups ADD CONSTRAINT makeups_booked_check CHECK ((status = 'booked') = (booked_date IS NOT NULL AND booked_start IS NOT NULL AND booked_end IS NOT NULL));
