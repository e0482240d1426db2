-- University sign-in (OpenID Connect). Keep in sync with prisma/schema.prisma.
-- An identity at the university's issuer (iss + sub of the ID token) belongs to one account.
CREATE TABLE oidc_identities (
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id UUID NOT NULL,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT oidc_identities_pkey PRIMARY KEY (issuer, subject),
  CONSTRAINT oidc_identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX oidc_identities_user_id_idx ON oidc_identities (user_id);

-- A link mail ('oidc-link' token) carries the identity the account is to be linked with.
ALTER TABLE email_tokens ADD COLUMN oidc_issuer TEXT, ADD COLUMN oidc_subject TEXT;
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('confirm', 'reset', 'oidc-link'));
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_oidc_check CHECK ((purpose = 'oidc-link') = (oidc_issuer IS NOT NULL AND oidc_subject IS NOT NULL));

-- The ID token of a session begun at the issuer: the hint of the logout there (RP-initiated logout).
ALTER TABLE sessions ADD COLUMN oidc_id_token TEXT;
