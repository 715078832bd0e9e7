-- Single sign-on (issue #30, decision 0085). A sign-in started at the
-- provider waits here between the start route and the callback: its state
-- (stored hashed, like session tokens), the PKCE verifier and the nonce. The
-- callback deletes the row it uses, so a callback replayed finds nothing.
CREATE TABLE sso_sign_ins (
  state_hash text PRIMARY KEY CHECK (length(state_hash) = 64),
  factory_id integer NOT NULL REFERENCES factories (id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_sign_ins_expires_idx ON sso_sign_ins (expires_at);

-- A session made by single sign-on keeps the provider's ID token, the
-- id_token_hint of its sign-out at the provider; null for password sign-ins.
ALTER TABLE sessions ADD COLUMN sso_id_token text;

-- The provider's identity (issuer and subject) a user first signed on with:
-- later sign-ins find the user by it, and an e-mail address reassigned at the
-- provider to someone else cannot take over the account.
ALTER TABLE users ADD COLUMN sso_subject text;
CREATE UNIQUE INDEX users_sso_subject_key ON users (sso_subject) WHERE sso_subject IS NOT NULL;
