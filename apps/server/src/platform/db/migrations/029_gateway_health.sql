-- Issue #25: gateway health (docs/decisions/0071-gateway-health.md). The gateway reports with its
-- key (POST /v1/Gateway/Health) every 30 s; only the latest report is kept, Admin › Gateways shows
-- it. (027 and 028 were taken by alarm clear links and webhook routing.)

-- One row per gateway: when it last reported and how far its clock is from the server's.
CREATE TABLE gateway_health (
  factory_id integer NOT NULL REFERENCES factories (id),
  gateway_id integer NOT NULL,
  reported_at timestamptz NOT NULL,
  clock_offset_ms bigint,
  -- Each bus's timing as the gateway runs it (id, timeoutMs, retries, gapMs, meters).
  buses jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (gateway_id, factory_id),
  FOREIGN KEY (factory_id, gateway_id) REFERENCES gateways (factory_id, id)
);

-- One row per gateway meter: the gateway's counts since it started (they only grow while it
-- runs), the last good poll and the last error. Removing the meter removes its health.
CREATE TABLE gateway_meter_health (
  factory_id integer NOT NULL,
  meter_id integer NOT NULL,
  reported_at timestamptz NOT NULL,
  last_good_at timestamptz,
  last_error_at timestamptz,
  last_error text,
  timeouts bigint NOT NULL CHECK (timeouts >= 0),
  crc_errors bigint NOT NULL CHECK (crc_errors >= 0),
  connection_errors bigint NOT NULL CHECK (connection_errors >= 0),
  exceptions jsonb NOT NULL,
  PRIMARY KEY (meter_id, factory_id),
  FOREIGN KEY (meter_id, factory_id) REFERENCES gateway_meters (id, factory_id) ON DELETE CASCADE
);
