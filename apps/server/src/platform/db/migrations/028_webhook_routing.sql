-- Alert webhooks, routing (issue #28, decision 0072): Teams and Telegram
-- formats, offline meters as a choice of their own, quiet hours and
-- escalation per destination.
ALTER TABLE webhook_destinations DROP CONSTRAINT webhook_destinations_format_check;
ALTER TABLE webhook_destinations ADD CONSTRAINT webhook_destinations_format_check
  CHECK (format IN ('signed', 'slack', 'teams', 'telegram'));
-- Telegram: the chat the bot posts to (the bot token is kept in `secret`, the url is unused).
ALTER TABLE webhook_destinations ADD COLUMN chat_id text;
-- Offline meters were part of `alarms` until now: a destination keeps what it received.
ALTER TABLE webhook_destinations ADD COLUMN offline boolean;
UPDATE webhook_destinations SET offline = alarms;
ALTER TABLE webhook_destinations ALTER COLUMN offline SET NOT NULL;
ALTER TABLE webhook_destinations ALTER COLUMN offline SET DEFAULT true;
-- Quiet hours, factory-local 'HH:MM' (end before start wraps midnight); both or neither.
ALTER TABLE webhook_destinations ADD COLUMN quiet_start text;
ALTER TABLE webhook_destinations ADD COLUMN quiet_end text;
ALTER TABLE webhook_destinations ADD CONSTRAINT webhook_destinations_quiet_check
  CHECK ((quiet_start IS NULL) = (quiet_end IS NULL));
-- Set: an escalation point. It gets no event when opened, only the alarms still
-- unresolved this many minutes after they opened (once each).
ALTER TABLE webhook_destinations ADD COLUMN escalate_after_minutes integer
  CHECK (escalate_after_minutes IS NULL OR escalate_after_minutes BETWEEN 1 AND 1440);

-- An escalation delivery is marked, so the periodic check queues each event once per destination.
ALTER TABLE webhook_outbox ADD COLUMN escalation boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX webhook_outbox_escalation_once
  ON webhook_outbox (factory_id, destination_id, event_id) WHERE escalation;
