-- Secrets every server instance on this database shares. The hub signs its
-- connection tokens with one, so any instance accepts any client's socket
-- (no sticky sessions). Rows are created by the server at start-up
-- (INSERT ... ON CONFLICT DO NOTHING, then read back), so instances starting
-- together end with the same value.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
