-- Issue #3: the demand column of the rollups and the latest reading per node.

-- The highest 15-minute block average kW inside the bucket (Taipower's demand):
-- a 15-minute bucket's own avg_kw; for hourly and daily buckets the highest of
-- their 15-minute buckets. Kept beside max_kw (the highest instantaneous kW).
ALTER TABLE rollups_15m ADD COLUMN max_demand_kw double precision;
ALTER TABLE rollups_1h ADD COLUMN max_demand_kw double precision;
ALTER TABLE rollups_1d ADD COLUMN max_demand_kw double precision;

-- The newest reading of every measured node, maintained by the ingest pipeline,
-- so "current values" never scan raw readings. A late reading older than the
-- stored one never replaces it.
CREATE TABLE latest_readings (
  factory_id integer NOT NULL,
  node_id integer PRIMARY KEY,
  ts timestamptz NOT NULL,
  phases jsonb NOT NULL DEFAULT '{}'::jsonb,
  kw double precision,
  kwh_forward double precision,
  kwh_reverse double precision,
  frequency double precision,
  temperature double precision,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (factory_id, node_id) REFERENCES nodes (factory_id, id)
);
CREATE INDEX latest_readings_factory_idx ON latest_readings (factory_id);
