-- Schools, their administrators, sites, travel times and rooms. Mirrors prisma/schema.prisma.
-- A school's id is its institution's id (auth service); accounts are named by their ids only.
CREATE TABLE "schools" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "schools_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "school_admins" (
    "school_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "school_admins_pkey" PRIMARY KEY ("school_id", "user_id"),
    CONSTRAINT "school_admins_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE
);
CREATE INDEX "school_admins_user_id_idx" ON "school_admins"("user_id");

CREATE TABLE "sites" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "school_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sites_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "sites_school_id_name_key" ON "sites"("school_id", "name");

-- Each unordered pair once: from_site < to_site.
CREATE TABLE "travel_times" (
    "school_id" UUID NOT NULL,
    "from_site" UUID NOT NULL,
    "to_site" UUID NOT NULL,
    "minutes" INTEGER NOT NULL,
    CONSTRAINT "travel_times_pkey" PRIMARY KEY ("from_site", "to_site"),
    CONSTRAINT "travel_times_order_check" CHECK ("from_site" < "to_site"),
    CONSTRAINT "travel_times_minutes_check" CHECK ("minutes" BETWEEN 0 AND 240),
    CONSTRAINT "travel_times_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE,
    CONSTRAINT "travel_times_from_site_fkey" FOREIGN KEY ("from_site") REFERENCES "sites"("id") ON DELETE CASCADE,
    CONSTRAINT "travel_times_to_site_fkey" FOREIGN KEY ("to_site") REFERENCES "sites"("id") ON DELETE CASCADE
);
CREATE INDEX "travel_times_school_id_idx" ON "travel_times"("school_id");

-- times: null = open all week, else { "0": ["14.00", ...], ... } (canonical labels).
CREATE TABLE "rooms" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "school_id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "equipment" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "capacity" INTEGER NOT NULL DEFAULT 1,
    "times" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "rooms_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rooms_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE,
    CONSTRAINT "rooms_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE RESTRICT
);
CREATE UNIQUE INDEX "rooms_site_id_name_key" ON "rooms"("site_id", "name");
CREATE INDEX "rooms_school_id_idx" ON "rooms"("school_id");
