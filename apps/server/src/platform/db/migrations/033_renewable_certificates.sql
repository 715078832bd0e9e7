-- Renewable-energy certificates (T-REC) a factory retired for a year (issue #27):
-- the market-based Scope 2 counts that many kWh as zero-emission (docs/carbon.md).
CREATE TABLE renewable_certificates (
  factory_id integer NOT NULL REFERENCES factories (id) ON DELETE CASCADE,
  year integer NOT NULL CHECK (year BETWEEN 1990 AND 2100),
  kwh double precision NOT NULL CHECK (kwh >= 0),
  note text NOT NULL DEFAULT '',
  PRIMARY KEY (factory_id, year)
);
