-- Issue #24: a 15-minute block's demand is the net draw, as the utility's meter
-- at the connection sees it: (forward − reverse) / 0.25 h, never below 0. It was
-- the forward (gross) draw, so a factory with solar behind the meter showed, and
-- was charged a penalty on, a peak its grid connection never drew.
--
-- Only rows with reverse energy change. A coarser row holds reverse energy
-- exactly when one of its finer rows does (energy is never negative), so each
-- level is recomputed where its own kwh_reverse is above 0, from the level below.
UPDATE rollups_15m
   SET max_demand_kw = greatest(kwh_forward - kwh_reverse, 0) / 0.25
 WHERE kwh_reverse > 0;

-- Hourly buckets are factory-local hours: 60 minutes in every zone.
UPDATE rollups_1h h
   SET max_demand_kw = (
         SELECT max(q.max_demand_kw) FROM rollups_15m q
          WHERE q.factory_id = h.factory_id AND q.node_id = h.node_id
            AND q.bucket_start >= h.bucket_start
            AND q.bucket_start < h.bucket_start + interval '1 hour')
 WHERE h.kwh_reverse > 0;

-- Daily buckets are factory-local days of 23 to 25 hours. A day's hours run up to
-- the node's next daily row; with none within 25 hours the next day has no hourly
-- rows (a daily row exists for every day that has one), so 25 hours is safe.
UPDATE rollups_1d d
   SET max_demand_kw = (
         SELECT max(q.max_demand_kw) FROM rollups_1h q
          WHERE q.factory_id = d.factory_id AND q.node_id = d.node_id
            AND q.bucket_start >= d.bucket_start
            AND q.bucket_start < least(
                  d.bucket_start + interval '25 hours',
                  (SELECT min(n.bucket_start) FROM rollups_1d n
                    WHERE n.factory_id = d.factory_id AND n.node_id = d.node_id
                      AND n.bucket_start > d.bucket_start)))
 WHERE d.kwh_reverse > 0;
