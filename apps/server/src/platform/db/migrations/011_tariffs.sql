-- Tariffs (issue #15): each factory's electricity tariff as data, in versions.
-- A version applies from its factory-local day until the next version's day;
-- `definition` is the contract's tariffDefinition (seasons, day types,
-- holidays, time-of-use ranges, rates, basic charge, penalty), checked by the
-- contract before it is stored. Cost is computed when read (15-minute
-- rollups × the period's rate), so a new or back-dated version re-prices
-- history with no recomputation, and ingest writes nothing more.
-- The shipped default (packages/contract/src/tariff-default.ts) is given to
-- every factory that has no version: at start (existing factories, the demo
-- seed) and when a factory is added.
CREATE TABLE tariff_versions (
  id serial NOT NULL,
  factory_id integer NOT NULL REFERENCES factories (id),
  valid_from date NOT NULL,
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The person who saved it; null for the default.
  created_by text,
  -- factory_id in every key: ready to distribute by factory (issue #16, migration 014).
  PRIMARY KEY (id, factory_id),
  UNIQUE (factory_id, valid_from)
);
