-- Billing points (issue #24, decision 0062): a factory may have more than one
-- Taipower account (電號), e.g. a second incoming supply for an office building
-- or a second transformer. Each is billed on its own node's net draw, with its
-- own contract capacity and meter-reading day, and the factory's bill is the sum.
--
-- The factory's main billing point is implicit: its first top-level node (the
-- Overview's root), with the contract capacity and meter-reading day kept on the
-- factory row. It therefore exists as soon as the tree does and follows the
-- root, and every factory saved before this migration keeps its bill. This
-- table holds the further points only.

-- The day of the month the meter is read; the bill runs from one reading day to
-- the next. 1 = the calendar month (the behaviour before). At most 28 so every
-- month has the day.
-- account_number: the main point's account number as the bill prints it (電號),
-- for reconciliation; '' when not given.
ALTER TABLE factories
  ADD COLUMN meter_reading_day smallint NOT NULL DEFAULT 1
    CHECK (meter_reading_day BETWEEN 1 AND 28),
  ADD COLUMN account_number text NOT NULL DEFAULT '';

CREATE TABLE billing_points (
  factory_id integer NOT NULL REFERENCES factories (id),
  node_id integer NOT NULL,
  -- kW, regular contract (經常契約); null when not set (then no demand charge).
  contract_capacity_kw double precision CHECK (contract_capacity_kw > 0),
  meter_reading_day smallint NOT NULL DEFAULT 1 CHECK (meter_reading_day BETWEEN 1 AND 28),
  -- The account number printed on the bill (電號), for reconciliation; '' when not given.
  account_number text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, factory_id),
  FOREIGN KEY (node_id, factory_id) REFERENCES nodes (id, factory_id)
);
