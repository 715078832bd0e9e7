-- The acknowledged part of an ingest (issue #9: live batches near raw-insert
-- speed) as a function: the same single statement as before (the batch's
-- readings, skipping any (node, ts) already stored, and one rollup mark naming
-- its spans, atomically), but PL/pgSQL keeps its plan for the session, where
-- the statement sent as text was planned anew for every batch. For a live
-- batch of 40 readings the planning was about a third of its time (PGlite
-- 1.9 → 1.2 ms a batch, measured in one process).
-- Returns one row: how many were inserted, their keys (node@epoch-ms) only
-- when not all were, and the mark's id (null when nothing was inserted).
CREATE FUNCTION insert_readings_batch(
  p_factory_id integer,
  p_rows json,
  p_spans jsonb,
  p_mark_id bigint,
  p_expected integer
) RETURNS TABLE (inserted integer, keys text, mark text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH ins AS (
    INSERT INTO readings (factory_id, node_id, ts, phases, kw, kwh_forward, kwh_reverse,
                          frequency, temperature)
    SELECT p_factory_id, x.n, x.t, coalesce(x.p::jsonb, '{}'::jsonb), x.kw, x.f, x.r, x.hz, x.c
      -- json, not jsonb: the batch is read once, and parsing it as json is cheaper.
      FROM json_to_recordset(p_rows)
        AS x(n int, t timestamptz, p json, kw float8, f float8, r float8, hz float8, c float8)
    ON CONFLICT (node_id, ts, factory_id) DO NOTHING
    RETURNING node_id, ts
  ), new_mark AS (
    -- The batch's spans once anything was inserted (a span of repeats only costs a look).
    INSERT INTO rollup_marks AS m (factory_id, id, spans)
    SELECT p_factory_id, p_mark_id, p_spans WHERE EXISTS (SELECT 1 FROM ins)
    -- Two writers that picked the same id share the mark: nothing is lost.
    ON CONFLICT (factory_id, id) DO UPDATE SET spans = m.spans || EXCLUDED.spans
    RETURNING id
  )
  -- The keys only when some were not inserted (a row per reading cost PGlite
  -- ~10 µs a value to decode, for the usual "all").
  SELECT (SELECT count(*) FROM ins)::integer,
         CASE WHEN (SELECT count(*) FROM ins) < p_expected THEN
           (SELECT string_agg(i.node_id || '@' || (extract(epoch FROM i.ts) * 1000)::bigint, ',')
              FROM ins i)
         END,
         (SELECT new_mark.id::text FROM new_mark);
END
$$;
