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
-- Cheap to write, as every batch writes one: no sequence and no foreign key (the
-- writer names the id: its clock in ms × 1024 plus a counter, so roughly FIFO),
-- one index.
CREATE TABLE rollup_marks (
  factory_id integer NOT NULL,
  id bigint NOT NULL,
  spans jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factory_id, id)
);
