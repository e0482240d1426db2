-- Room bookings: each weekly lesson of a sent plan in a room of a school (docs/adr/0033-room-bookings.md).
-- Written only from schedule.sent.v1; a sending replaces its class's rows. Mirrors prisma/schema.prisma.
-- Accounts, classes and members are named by their ids only; names are asked for when the bookings are read.
CREATE TABLE "room_bookings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "school_id" UUID NOT NULL,
    "room_id" UUID NOT NULL,
    "class_id" UUID NOT NULL,
    "teacher_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "sending_id" UUID NOT NULL,
    "day" SMALLINT NOT NULL,
    "start_slot" SMALLINT NOT NULL,
    "end_slot" SMALLINT NOT NULL,
    "week" TEXT,
    "from_date" DATE NOT NULL,
    "until_date" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "room_bookings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "room_bookings_day_check" CHECK ("day" BETWEEN 0 AND 6),
    CONSTRAINT "room_bookings_span_check" CHECK ("start_slot" >= 0 AND "start_slot" < "end_slot" AND "end_slot" <= 96),
    CONSTRAINT "room_bookings_week_check" CHECK ("week" IS NULL OR "week" IN ('A', 'B')),
    CONSTRAINT "room_bookings_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE,
    -- A room with bookings that have not ended is refused by the service (409); ended bookings go with the room.
    CONSTRAINT "room_bookings_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE
);
CREATE INDEX "room_bookings_school_id_until_date_idx" ON "room_bookings"("school_id", "until_date");
CREATE INDEX "room_bookings_room_id_idx" ON "room_bookings"("room_id");
CREATE INDEX "room_bookings_class_id_idx" ON "room_bookings"("class_id");
CREATE INDEX "room_bookings_teacher_id_idx" ON "room_bookings"("teacher_id");
CREATE INDEX "room_bookings_member_id_idx" ON "room_bookings"("member_id");

-- The sending each class's bookings come from: a sending is applied only when it is newer (sent_at, then
-- sending_id) than the one recorded, so a redelivered or an older sending changes nothing. Only classes that booked
-- a room have a row; it goes with the class.
CREATE TABLE "room_booking_sendings" (
    "class_id" UUID NOT NULL,
    "sending_id" UUID NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "room_booking_sendings_pkey" PRIMARY KEY ("class_id")
);
