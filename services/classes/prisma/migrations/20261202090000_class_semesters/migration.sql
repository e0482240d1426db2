-- The semester of a class (issue 25). Mirrors prisma/schema.prisma.
-- first_day/last_day: Europe/Berlin calendar days, both included; state: two-letter Bundesland code
-- whose public holidays fall out; breaks: [{ from, to, label }] inside the semester.
CREATE TABLE "class_semesters" (
    "class_id" UUID NOT NULL,
    "first_day" DATE NOT NULL,
    "last_day" DATE NOT NULL,
    "state" TEXT NOT NULL,
    "breaks" JSONB NOT NULL DEFAULT '[]',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "class_semesters_pkey" PRIMARY KEY ("class_id"),
    CONSTRAINT "class_semesters_class_id_fkey" FOREIGN KEY ("class_id") REFERENCES "classes"("class_id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "class_semesters_days_check" CHECK ("first_day" <= "last_day")
);
