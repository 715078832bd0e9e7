-- An alarm acknowledged from its link (issue #28, decision 0077): someone is on
-- it, so escalation stops, but it stays open until it is cleared. Who: the
-- receiver the link was sent to (an address or a destination's name).
ALTER TABLE events ADD COLUMN acknowledged_at timestamptz;
ALTER TABLE events ADD COLUMN acknowledged_by text;
