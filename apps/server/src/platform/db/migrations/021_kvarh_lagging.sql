-- Issue #24: the bill's power-factor adjustment needs the month's lagging
-- reactive energy of each billing point, pf = kWh / sqrt(kWh² + kvarh²). Meters
-- may send a cumulative lagging kvarh counter; it travels as the kWh counters do.

-- The raw counter and its HIGH (the highest value since the last real reset,
-- NULL when equal to the value), as migration 005 keeps them for kWh.
ALTER TABLE readings
  ADD COLUMN kvarh_lagging double precision,
  ADD COLUMN kvarh_lagging_high double precision;

-- The bucket's kvarh, the counter's increase split by time as kWh is. Unlike
-- kwh_reverse (0 for a meter without an export counter, which then exports
-- nothing) kvarh has no safe 0: 0 kvarh means a power factor of 1. So NULL means
-- "not measured" — a meter without the counter, a bucket before it was fitted,
-- a virtual node or coarser bucket any part of which lacks it — and rows
-- written before this migration read as not measured. No default, no backfill.
ALTER TABLE rollups_15m ADD COLUMN kvarh_lagging double precision;
ALTER TABLE rollups_1h ADD COLUMN kvarh_lagging double precision;
ALTER TABLE rollups_1d ADD COLUMN kvarh_lagging double precision;

-- insert_readings_batch (migration 016) with the kvarh counter (key q of the
-- batch's rows; absent reads as NULL). Same signature and statement otherwise,
-- so CREATE OR REPLACE keeps every caller as it is.
CREATE OR REPLACE FUNCTION insert_readings_batch(
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
                          kvarh_lagging, frequency, temperature)
    SELECT p_factory_id, x.n, x.t, coalesce(x.p::jsonb, '{}'::jsonb), x.kw, x.f, x.r, x.q,
           x.hz, x.c
      -- json, not jsonb: the batch is read once, and parsing it as json is cheaper.
      FROM json_to_recordset(p_rows)
        AS x(n int, t timestamptz, p json, kw float8, f float8, r float8, q float8, hz float8,
             c float8)
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
