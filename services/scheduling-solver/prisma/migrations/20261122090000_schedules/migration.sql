-- Saved timetables of a class (SPEC §3 "Schedule", saved form) and the history of solver runs.
CREATE TABLE schedules (
  id UUID PRIMARY KEY,
  class_id UUID NOT NULL,
  teacher_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  -- {"0": [["9.00", "<member_id>"], ...], ..., "6": []}: all 7 days, pairs sorted by time.
  available_times JSONB NOT NULL,
  -- Member ids whose lessons the teacher locked in the grid.
  pinned JSONB NOT NULL DEFAULT '[]'::jsonb,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT schedules_class_id_name_key UNIQUE (class_id, name)
);
CREATE INDEX schedules_class_id_created_at_idx ON schedules (class_id, created_at DESC);
CREATE INDEX schedules_teacher_id_idx ON schedules (teacher_id);

CREATE TABLE solve_runs (
  id UUID PRIMARY KEY,
  class_id UUID NOT NULL,
  teacher_id TEXT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ,
  -- running | OPTIMAL | FEASIBLE | INFEASIBLE | NO_TEACHER_TIMES | ERROR
  status TEXT NOT NULL,
  students INTEGER NOT NULL DEFAULT 0,
  placed INTEGER,
  duration_ms INTEGER
);
CREATE INDEX solve_runs_class_id_started_at_idx ON solve_runs (class_id, started_at DESC);
CREATE INDEX solve_runs_teacher_id_started_at_idx ON solve_runs (teacher_id, started_at DESC);
