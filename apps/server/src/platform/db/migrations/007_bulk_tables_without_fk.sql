-- Issue #9 (speed): the high-volume tables lose their foreign key to nodes.
-- A foreign key is checked row by row (a trigger and an index probe on nodes);
-- measured on PGlite it was ~30 % of every rollup upsert and a large share of the
-- readings insert, and the first start writes ~115,000 readings and ~400,000
-- rollup rows. What it guarded is kept by the code that writes these rows:
-- - readings come only through the ingest, which resolves each serial to a node
--   of the caller's factory (ingest-nodes.ts) before storing;
-- - rollups and latest_readings are written only by the rollup work, from
--   readings and the factory's node tree (pipeline/);
-- - node ids are identities, never reused, and nodes are not hard-deleted while
--   they have data (the Admin page archives; deleting a node deletes its rows in
--   the same transaction), so no row can come to point at another node.
-- Small tables (latest_readings, alarm settings, channels) keep theirs.
ALTER TABLE readings DROP CONSTRAINT readings_factory_id_node_id_fkey;
ALTER TABLE rollups_15m DROP CONSTRAINT rollups_15m_factory_id_node_id_fkey;
ALTER TABLE rollups_1h DROP CONSTRAINT rollups_1h_factory_id_node_id_fkey;
ALTER TABLE rollups_1d DROP CONSTRAINT rollups_1d_factory_id_node_id_fkey;

-- Every read of the 15-minute and hourly rollups names its nodes (the primary
-- key, node_id first, serves them); the (factory, time) indexes only cost each
-- upsert another index entry. The daily table is small and keeps its.
DROP INDEX rollups_15m_factory_idx;
DROP INDEX rollups_1h_factory_idx;
