-- Issue #9: each reading keeps its counters' HIGH (the highest value since the
-- last real reset) where it differs from the value, so a small backward step is
-- noise (0 kWh) and energy continues from the high. NULL means "equal to the
-- value", the normal monotonic case: a plain insert stays a plain insert, and
-- rows stored before this migration read as they were booked.
ALTER TABLE readings
  ADD COLUMN kwh_forward_high double precision,
  ADD COLUMN kwh_reverse_high double precision;
