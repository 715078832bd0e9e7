-- Contract terms by date (issue #24, decision 0081): a factory raises or lowers
-- its contract capacity, and the bills of the periods before the change must
-- keep the capacity they were billed on. Until now the factory row and
-- billing_points held one set of terms for all time, so a change re-priced
-- every earlier bill in Admin › Bills.
--
-- Each row holds the terms of one billing point from `valid_from` (a
-- factory-local day; the bill of a period uses the version in force on its
-- first day) until the next row's valid_from. The factory row and
-- billing_points keep the terms in force today, which every live figure reads.
-- A point without rows here has had one set of terms all along, so every
-- factory saved before this migration keeps its bills.
CREATE TABLE contract_term_versions (
  factory_id integer NOT NULL REFERENCES factories (id),
  -- The billing point's node; 0 = the factory's main point, whose terms live on
  -- the factory row and follow the tree's root.
  point_node_id integer NOT NULL CHECK (point_node_id >= 0),
  valid_from date NOT NULL,
  contract_capacity_kw double precision CHECK (contract_capacity_kw > 0),
  contract_half_peak_kw double precision NOT NULL DEFAULT 0 CHECK (contract_half_peak_kw >= 0),
  contract_non_summer_kw double precision NOT NULL DEFAULT 0 CHECK (contract_non_summer_kw >= 0),
  contract_saturday_half_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_saturday_half_peak_kw >= 0),
  contract_off_peak_kw double precision NOT NULL DEFAULT 0 CHECK (contract_off_peak_kw >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factory_id, point_node_id, valid_from)
);
