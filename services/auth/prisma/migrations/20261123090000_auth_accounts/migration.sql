-- Accounts of the auth service (schema "auth"). Keep in sync with prisma/schema.prisma.

-- Universities with the mail domains of their students and teachers (seeded from data/institutions.json).
CREATE TABLE institutions (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  name TEXT NOT NULL,
  students_mail TEXT,
  teachers_mail TEXT,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT institutions_name_key UNIQUE (name)
);

-- Accounts. Passwords: scrypt with a per-user salt. role_id 1 = student, 2 = teacher.
CREATE TABLE users (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  email TEXT NOT NULL CHECK (email = lower(email) AND length(email) <= 100),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 2 AND 50),
  password_hash TEXT NOT NULL,
  role_id INTEGER NOT NULL CHECK (role_id IN (1, 2)),
  institution_id UUID,
  duration INTEGER CHECK (duration IS NULL OR (duration BETWEEN 15 AND 120 AND duration % 15 = 0)),
  email_confirmed_at TIMESTAMPTZ(3),
  profile_picture TEXT,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT users_email_key UNIQUE (email),
  CONSTRAINT users_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES institutions (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX users_institution_id_idx ON users (institution_id);

-- One-time links sent by mail. Only the sha256 of a token is stored.
CREATE TABLE email_tokens (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  token_hash TEXT NOT NULL,
  expires_at TIMESTAMPTZ(3) NOT NULL,
  used_at TIMESTAMPTZ(3),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT email_tokens_token_hash_key UNIQUE (token_hash),
  CONSTRAINT email_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX email_tokens_user_id_purpose_idx ON email_tokens (user_id, purpose);
