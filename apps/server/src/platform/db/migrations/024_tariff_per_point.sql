-- A tariff per billing point (issue #24, decision 0065): each Taipower account
-- (電號) is on its own tariff, e.g. the plant on high-voltage three-stage and
-- the office building's supply on two-stage. node_id names the billing point a
-- version belongs to; null = the factory's tariff, which the main point and
-- every point without versions of its own follow. Every version saved before
-- this migration is the factory's, so every bill stays as it was.
ALTER TABLE tariff_versions ADD COLUMN node_id integer;

ALTER TABLE tariff_versions
  ADD FOREIGN KEY (node_id, factory_id) REFERENCES nodes (id, factory_id);

-- One version per day per tariff (the factory's, or one point's).
ALTER TABLE tariff_versions DROP CONSTRAINT IF EXISTS tariff_versions_factory_id_valid_from_key;
CREATE UNIQUE INDEX tariff_versions_scope_day
  ON tariff_versions (factory_id, (COALESCE(node_id, 0)), valid_from);
