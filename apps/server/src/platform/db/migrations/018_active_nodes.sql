-- The monitoring points a factory has now. A point retired in Admin keeps its
-- row (its history stays readable and it can be restored), so every query that
-- means "the factory's points" used to repeat `retired_at IS NULL`; it read
-- that way in eight places. This view says it once. The planner inlines a
-- plain view, so a query on it runs exactly as the hand-written filter did.
--
-- The column list is fixed when the view is created: a migration that adds a
-- column to nodes recreates this view (CREATE OR REPLACE VIEW ... AS SELECT *
-- may add columns at the end). test/architecture/active-nodes-view.test.ts fails
-- when the two drift apart.
CREATE OR REPLACE VIEW active_nodes AS
  SELECT * FROM nodes WHERE retired_at IS NULL;
