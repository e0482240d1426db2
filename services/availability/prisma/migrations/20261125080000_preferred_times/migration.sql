-- Preferred times (Wunschzeiten): the part of a times row that suits the student best, as the same
-- 84-byte bitset; NULL = none. Always a subset of the row's times (checked by the service).
ALTER TABLE user_times ADD COLUMN preferred BYTEA CHECK (preferred IS NULL OR octet_length(preferred) = 84);
ALTER TABLE member_times ADD COLUMN preferred BYTEA CHECK (preferred IS NULL OR octet_length(preferred) = 84);
