-- Clear links (decision 0074): an alarm e-mail carries a signed, short-lived
-- link that clears that one alarm without signing in. The link's nonce is
-- recorded here when it is used, so it works once; rows older than a link's
-- lifetime mean nothing and may be deleted.
CREATE TABLE alarm_link_uses (
  factory_id integer NOT NULL REFERENCES factories (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  event_id bigint NOT NULL,
  receiver text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factory_id, nonce)
);
