-- Times are stored as the 84-byte WeekSlots bitset of packages/timegrid (7 days x 96 slots);
-- the API always speaks the SPEC's shape { "0": ["9.00", ...] }. Ids are the other services' ids (text).

-- A student's own times (SPEC: available_times_user_input), one row per user.
CREATE TABLE user_times (
  user_id TEXT PRIMARY KEY,
  times BYTEA NOT NULL CHECK (octet_length(times) = 84),
  last_modified TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Times a teacher entered for one class member (SPEC: member available_times).
CREATE TABLE member_times (
  member_id TEXT PRIMARY KEY,
  class_id TEXT NOT NULL,
  times BYTEA NOT NULL CHECK (octet_length(times) = 84),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX member_times_class_id_idx ON member_times (class_id);

-- The teacher's preferred times of one class (scheduling step 2). No row = no times.
CREATE TABLE class_teacher_times (
  class_id TEXT PRIMARY KEY,
  teacher_id TEXT NOT NULL,
  times BYTEA NOT NULL CHECK (octet_length(times) = 84),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- The window students of a class may enter times in (scheduling step 3). No row = no range.
CREATE TABLE class_time_ranges (
  class_id TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('exact', 'extended', 'custom')),
  extra_minutes INTEGER CHECK (extra_minutes IN (15, 30, 45, 60)),
  time_range BYTEA NOT NULL CHECK (octet_length(time_range) = 84),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT class_time_ranges_extra_minutes_mode CHECK ((mode = 'extended') = (extra_minutes IS NOT NULL))
);
