-- A sending's fingerprint (teacher, class, name, message, end date, PDF): the same request again within a
-- short window (a double click on 'Senden', a retry) is answered with the first sending. Mirrors prisma/schema.prisma.
ALTER TABLE "schedule_sendings" ADD COLUMN "fingerprint" TEXT;
CREATE INDEX "schedule_sendings_fingerprint_created_at_idx" ON "schedule_sendings"("fingerprint", "created_at" DESC);
