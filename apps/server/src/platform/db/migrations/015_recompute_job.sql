-- Admin › Monitoring points › Recompute (issue #9): an operator rebuilds one
-- node's rollups over a range of days from the raw readings (what the
-- rollups:recompute CLI does), as a background job with progress like the
-- time-zone and virtual-membership recomputations.
ALTER TABLE admin_jobs DROP CONSTRAINT admin_jobs_kind_check;
ALTER TABLE admin_jobs ADD CONSTRAINT admin_jobs_kind_check
  CHECK (kind IN ('time-zone', 'virtual-members', 'recompute'));
