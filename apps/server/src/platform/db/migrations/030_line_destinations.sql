-- LINE through the Messaging API of the factory's Official Account (issue #28,
-- decision 0076). A `line` destination keeps its channel access token in
-- `secret` (as Telegram keeps its bot token) and the channel secret, which
-- checks the X-Line-Signature of what LINE posts to our webhook, beside it.
-- `chat_id` is the user, group or room bound by sending a one-time code to the
-- account: null until then.
ALTER TABLE webhook_destinations DROP CONSTRAINT webhook_destinations_format_check;
ALTER TABLE webhook_destinations ADD CONSTRAINT webhook_destinations_format_check
  CHECK (format IN ('signed', 'slack', 'teams', 'telegram', 'line'));
ALTER TABLE webhook_destinations ADD COLUMN line_channel_secret text;
ALTER TABLE webhook_destinations ADD CONSTRAINT webhook_destinations_line_secret_check
  CHECK (format <> 'line' OR line_channel_secret IS NOT NULL);
-- What chat_id names: a LINE user, group or room (null until bound).
ALTER TABLE webhook_destinations ADD COLUMN line_chat_type text
  CHECK (line_chat_type IN ('user', 'group', 'room'));
-- The binding code: its SHA-256 (hex), when it stops working, and the wrong
-- codes sent since it was made (past a few, it stops working at once).
ALTER TABLE webhook_destinations ADD COLUMN line_code_hash text;
ALTER TABLE webhook_destinations ADD COLUMN line_code_expires_at timestamptz;
ALTER TABLE webhook_destinations ADD COLUMN line_code_failures integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_destinations ADD CONSTRAINT webhook_destinations_line_code_check
  CHECK ((line_code_hash IS NULL) = (line_code_expires_at IS NULL));

-- The LINE webhook events already acted on (webhookEventId, a ULID), so a
-- redelivered event binds nothing and is not answered twice.
CREATE TABLE line_webhook_events (
  factory_id integer NOT NULL,
  destination_id integer NOT NULL,
  webhook_event_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factory_id, destination_id, webhook_event_id),
  FOREIGN KEY (destination_id, factory_id)
    REFERENCES webhook_destinations (id, factory_id) ON DELETE CASCADE
);
