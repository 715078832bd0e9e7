-- Issue #9: each reading keeps its counters' HIGH (the highest value since the
-- last real reset) where it differs from the value, so a small backward step is
-- noise (0 kWh) and energy continues from the high. NULL means "equal to the
-- value", the normal monotonic case: a plain insert stays a plain insert, and
-- rows stored before this migration read as they were booked.
ALTER TABLE readings
  ADD COLUMN kwh_forward_high double precision,
  ADD COLUMN kwh_reverse_high double precision;

-- Issue #9: an ingest batch commits its readings and ONE mark naming what they
-- changed ([{node_id, lo, hi}, ...]); a rollup worker (one per factory at a time,
-- under the factory's rollup lock) takes the marks and brings latest_readings and
-- the rollups up to date. The marks live in the database, so work left by a
-- stopped server is done by the next one.
CREATE TABLE rollup_marks (
  id bigserial PRIMARY KEY,
  factory_id integer NOT NULL REFERENCES factories (id) ON DELETE CASCADE,
  spans jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rollup_marks_factory_idx ON rollup_marks (factory_id, id);
