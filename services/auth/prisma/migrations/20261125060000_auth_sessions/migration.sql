-- Sessions of the auth service (schema "auth"). Keep in sync with prisma/schema.prisma.
-- The truth about a session: the session token's jti is the id; logout and password reset set
-- revoked_at, deleting the account deletes its rows. The store (memory/Redis) only caches answers.
CREATE TABLE sessions (
  id UUID PRIMARY KEY,
  user_id UUID NOT NULL,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ(3) NOT NULL,
  revoked_at TIMESTAMPTZ(3),
  CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
