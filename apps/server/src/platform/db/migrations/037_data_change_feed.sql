-- The data-change feed (docs/decisions/0084-monitor-answer-cache.md): every
-- statement that changes what a monitor answer or a session lookup reads sends one notification
-- per factory it touched on the channel `wattboard_data`, payload the factory
-- id. NOTIFY is transactional: it is delivered at commit, never for a rolled
-- back change, and a transaction's identical notifications are sent once.
-- Statement-level triggers with transition tables cost one DISTINCT over the
-- changed rows per statement, not a call per row, and take no row lock.
-- The SQL is static (no EXECUTE), so PL/pgSQL plans it once per session.
CREATE OR REPLACE FUNCTION notify_factory_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only the branch that runs is planned, so each names a transition table its trigger has.
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('wattboard_data', changed.factory_id::text)
       FROM (SELECT DISTINCT factory_id FROM new_rows) AS changed;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('wattboard_data', changed.factory_id::text)
       FROM (SELECT DISTINCT factory_id FROM old_rows) AS changed;
  END IF;
  RETURN NULL;
END
$$;

-- The factories table names its factory by `id`.
CREATE OR REPLACE FUNCTION notify_factory_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('wattboard_data', changed.id::text) FROM new_rows AS changed;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('wattboard_data', changed.id::text) FROM old_rows AS changed;
  END IF;
  RETURN NULL;
END
$$;

-- A TRUNCATE has no rows to name: it says "every factory" (payload *).
CREATE OR REPLACE FUNCTION notify_all_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wattboard_data', '*');
  RETURN NULL;
END
$$;

-- One trigger per table and operation: a trigger with transition tables
-- may name one event only.
DO $$
DECLARE
  tbl text;
  op text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'readings', 'latest_readings', 'rollups_15m', 'rollups_1h', 'rollups_1d', 'nodes',
    'emission_factors', 'renewable_certificates', 'factories', 'sessions', 'users'
  ] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT '
        'EXECUTE FUNCTION %I()',
        tbl || '_data_change_' || op,
        upper(op),
        tbl,
        CASE op
          WHEN 'insert' THEN 'NEW TABLE AS new_rows'
          WHEN 'delete' THEN 'OLD TABLE AS old_rows'
          ELSE 'NEW TABLE AS new_rows OLD TABLE AS old_rows'
        END,
        CASE tbl WHEN 'factories' THEN 'notify_factory_row_change'
                 ELSE 'notify_factory_data_change' END
      );
    END LOOP;
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION notify_all_data_change()',
      tbl || '_data_change_truncate',
      tbl
    );
  END LOOP;
END
$$;
