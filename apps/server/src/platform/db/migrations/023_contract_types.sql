-- Contract types besides regular (issue #24, decision 0064): a Taipower
-- account may contract half-peak (半尖峰, three-stage tariffs), non-summer
-- (非夏月, two-stage), Saturday half-peak (週六半尖峰) and off-peak (離峰)
-- capacity on top of the regular (經常) capacity. Each widens the capacity
-- usable in its periods and is charged at its own basic rate. 0 = none, so
-- every point saved before this migration keeps a regular-only contract.
ALTER TABLE factories
  ADD COLUMN contract_half_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_half_peak_kw >= 0),
  ADD COLUMN contract_non_summer_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_non_summer_kw >= 0),
  ADD COLUMN contract_saturday_half_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_saturday_half_peak_kw >= 0),
  ADD COLUMN contract_off_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_off_peak_kw >= 0);

ALTER TABLE billing_points
  ADD COLUMN contract_half_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_half_peak_kw >= 0),
  ADD COLUMN contract_non_summer_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_non_summer_kw >= 0),
  ADD COLUMN contract_saturday_half_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_saturday_half_peak_kw >= 0),
  ADD COLUMN contract_off_peak_kw double precision NOT NULL DEFAULT 0
    CHECK (contract_off_peak_kw >= 0);
