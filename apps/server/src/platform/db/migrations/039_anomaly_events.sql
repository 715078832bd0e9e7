-- Anomaly events (issue #27, decision 0082): a point away from its typical day
-- (docs/baseline.md) by more than a margin for long enough opens an event of
-- kind 'anomaly' (bell, e-mail, power diary, webhooks), cleared like alarms.
ALTER TABLE events DROP CONSTRAINT events_kind_check;
ALTER TABLE events ADD CONSTRAINT events_kind_check
  CHECK (kind IN ('threshold', 'offline', 'test', 'demand', 'anomaly'));

-- The factory's rule, set in Admin › Factory: away when |kW − typical| is more
-- than both margin % of the typical kW and min kW, for at least `minutes`.
ALTER TABLE factories ADD COLUMN anomaly_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE factories ADD COLUMN anomaly_margin_percent double precision NOT NULL DEFAULT 30
  CHECK (anomaly_margin_percent >= 5 AND anomaly_margin_percent <= 500);
ALTER TABLE factories ADD COLUMN anomaly_min_kw double precision NOT NULL DEFAULT 3
  CHECK (anomaly_min_kw >= 0 AND anomaly_min_kw <= 100000);
ALTER TABLE factories ADD COLUMN anomaly_minutes integer NOT NULL DEFAULT 60
  CHECK (anomaly_minutes BETWEEN 15 AND 1440 AND anomaly_minutes % 15 = 0);

-- Where each point's judging stands: the episode (normal, or away since when
-- and in which direction), the run of away quarters that may become one, and
-- the end of the newest quarter judged, so each quarter is judged once.
CREATE TABLE anomaly_points (
  factory_id integer NOT NULL,
  node_id integer NOT NULL,
  status text NOT NULL CHECK (status IN ('normal', 'anomaly')),
  direction text CHECK (direction IN ('above', 'below')),
  since timestamptz,
  run_direction text CHECK (run_direction IN ('above', 'below')),
  run_start timestamptz,
  judged_to timestamptz NOT NULL,
  PRIMARY KEY (node_id, factory_id),
  FOREIGN KEY (factory_id, node_id) REFERENCES nodes (factory_id, id)
);

-- Webhook destinations: anomalies are a new kind of message. Existing
-- destinations do not get them until someone ticks the box (a chat set up for
-- alarms should not start receiving a new kind unasked); see decision 0082.
ALTER TABLE webhook_destinations ADD COLUMN anomalies boolean NOT NULL DEFAULT false;
