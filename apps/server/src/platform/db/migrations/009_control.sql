-- Issue #12 (Control): what the scheduler, the commands and the Control calls need beyond 001.

-- The IR options (set1 mode, set2 set-point, set3 fan speed) the device last confirmed, so a
-- changed selected_option is sent once to a running air conditioner and not again.
ALTER TABLE channel_schedules ADD COLUMN applied_option jsonb;

-- What a device reported when it answered a command with another state than asked.
ALTER TABLE commands ADD COLUMN reported_state text CHECK (reported_state IN ('on', 'off'));

-- Exactly one scheduler acts per factory when several server instances share the database:
-- an instance acts only while it holds the factory's lease, renews it every tick, and another
-- takes over once it has expired. A row lease (not an advisory lock) works the same on
-- PostgreSQL and on the embedded PGlite, and survives pooled connections.
CREATE TABLE control_scheduler_leases (
  factory_id integer PRIMARY KEY REFERENCES factories (id),
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The Control page lists a factory's groups and channels in order.
CREATE INDEX channel_groups_factory_idx ON channel_groups (factory_id, sort_order, id);
CREATE INDEX channel_schedules_factory_idx ON channel_schedules (factory_id, sort_order, id);
