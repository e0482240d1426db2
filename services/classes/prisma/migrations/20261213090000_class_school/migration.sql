-- Where a class teaches (docs/product/school.md): its school, the sites its lessons may use and the equipment they
-- need; and per member the needs and sites (null = the class's) and a family label. Mirrors prisma/schema.prisma.
CREATE TABLE "class_schools" (
    "class_id" UUID NOT NULL,
    "school_id" UUID NOT NULL,
    "sites" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "needs" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "class_schools_pkey" PRIMARY KEY ("class_id"),
    CONSTRAINT "class_schools_class_id_fkey" FOREIGN KEY ("class_id") REFERENCES "classes"("class_id") ON DELETE CASCADE
);

ALTER TABLE "members" ADD COLUMN "needs" JSONB, ADD COLUMN "sites" JSONB, ADD COLUMN "family" TEXT;
