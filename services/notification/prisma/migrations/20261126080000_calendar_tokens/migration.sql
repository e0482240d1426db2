-- Private calendar subscription links (issue 16). Mirrors prisma/schema.prisma.
-- One per student; only the sha256 of the token is stored (the link is shown once, when it is made).
CREATE TABLE "calendar_tokens" (
    "user_id" TEXT NOT NULL,
    "token_sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "calendar_tokens_pkey" PRIMARY KEY ("user_id")
);
CREATE UNIQUE INDEX "calendar_tokens_token_sha256_key" ON "calendar_tokens"("token_sha256");
