-- Issue #10: the Overview's power diary and open-alarm list read today's
-- happenings of one factory; these indexes keep each read a range scan, so its
-- cost does not grow with the years of events and commands behind it.

-- Alarms cleared today (events_factory_idx only serves opened_at).
CREATE INDEX events_resolved_idx ON events (factory_id, resolved_at)
  WHERE resolved_at IS NOT NULL;

-- The open alarms, newest first, without walking the resolved ones.
CREATE INDEX events_open_idx ON events (factory_id, opened_at DESC)
  WHERE state = 'unresolved';

-- Commands of a factory by time (commands_channel_idx is per channel).
CREATE INDEX commands_factory_idx ON commands (factory_id, created_at);
