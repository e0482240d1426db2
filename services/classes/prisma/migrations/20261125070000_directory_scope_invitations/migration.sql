-- Directory scope and invitation limits. Mirrors prisma/schema.prisma.

-- Every registered student who is or was a member of one of a teacher's classes (DSGVO: a teacher finds
-- students of their own institution and of their own classes only). Kept when the membership or the
-- class ends; dropped when either account is deleted.
CREATE TABLE "teacher_students" (
    "teacher_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "teacher_students_pkey" PRIMARY KEY ("teacher_id", "user_id")
);
CREATE INDEX "teacher_students_user_id_idx" ON "teacher_students"("user_id");

-- Filled by the database itself, so no code path that links a member can forget it.
CREATE FUNCTION "remember_teacher_student"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF NEW."user_id" IS NOT NULL THEN
    INSERT INTO "teacher_students" ("teacher_id", "user_id")
      SELECT c."teacher_id", NEW."user_id" FROM "classes" c WHERE c."class_id" = NEW."class_id"
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "members_remember_teacher_student"
  AFTER INSERT OR UPDATE OF "user_id" ON "members"
  FOR EACH ROW EXECUTE FUNCTION "remember_teacher_student"();

INSERT INTO "teacher_students" ("teacher_id", "user_id")
  SELECT DISTINCT c."teacher_id", m."user_id" FROM "members" m JOIN "classes" c ON c."class_id" = m."class_id"
  WHERE m."user_id" IS NOT NULL
  ON CONFLICT DO NOTHING;

-- Invitation mails sent (at most 3 per member per day).
CREATE TABLE "invitations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "teacher_id" TEXT NOT NULL,
    "member_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "invitations_member_id_created_at_idx" ON "invitations"("member_id", "created_at");
