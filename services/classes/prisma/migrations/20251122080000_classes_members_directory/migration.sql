-- Classes, members and the user directory (replica of auth's users). Mirrors prisma/schema.prisma.
CREATE TABLE "classes" (
    "class_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "description" TEXT,
    "is_group" BOOLEAN NOT NULL DEFAULT false,
    "register_shortcut" TEXT NOT NULL,
    "teacher_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "classes_pkey" PRIMARY KEY ("class_id")
);
CREATE UNIQUE INDEX "classes_register_shortcut_key" ON "classes"("register_shortcut");
CREATE INDEX "classes_teacher_id_created_at_idx" ON "classes"("teacher_id", "created_at");

CREATE TABLE "members" (
    "member_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "class_id" UUID NOT NULL,
    "user_id" TEXT,
    "student_id" TEXT,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "duration" INTEGER NOT NULL DEFAULT 30,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "members_pkey" PRIMARY KEY ("member_id"),
    CONSTRAINT "members_class_id_fkey" FOREIGN KEY ("class_id") REFERENCES "classes"("class_id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- NULL user_ids are distinct in PostgreSQL: only registered users are unique per class.
CREATE UNIQUE INDEX "members_class_id_user_id_key" ON "members"("class_id", "user_id");
CREATE INDEX "members_class_id_created_at_idx" ON "members"("class_id", "created_at");
CREATE INDEX "members_user_id_idx" ON "members"("user_id");
CREATE INDEX "members_email_idx" ON "members"("email");

CREATE TABLE "user_directory" (
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role_id" INTEGER NOT NULL,
    "duration" INTEGER,
    "institution_id" TEXT,
    "institution_name" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_directory_pkey" PRIMARY KEY ("user_id")
);
CREATE INDEX "user_directory_email_idx" ON "user_directory"("email");
CREATE INDEX "user_directory_role_id_idx" ON "user_directory"("role_id");
