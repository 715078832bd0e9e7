import type {
  GatewayBusTiming,
  GatewayHealthRequest,
  MeterErrorCounts,
} from '@wattboard/contract/gateway-config';
import type { Queryable } from '../../../platform/db/db.ts';

/**
 * The latest health a gateway reported (migration 029): one row per gateway, one per meter. A
 * report replaces the previous one; a serial that is not one of this gateway's meters is ignored
 * (the gateway may still run a meter Admin just removed).
 */
export async function storeGatewayHealth(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
  report: GatewayHealthRequest,
  now: Date,
): Promise<number> {
  await db.query(
    `INSERT INTO gateway_health (factory_id, gateway_id, reported_at, clock_offset_ms, buses)
     VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (gateway_id, factory_id)
       DO UPDATE SET reported_at = EXCLUDED.reported_at, clock_offset_ms = EXCLUDED.clock_offset_ms,
         buses = EXCLUDED.buses`,
    [factoryId, gatewayId, now.toISOString(), report.clockOffsetMs, JSON.stringify(report.buses)],
  );
  if (report.meters.length === 0) return 0;
  // One statement for every meter: the serials are matched to this gateway's meters by their node.
  const rows = await db.query<{ meter_id: number }>(
    `INSERT INTO gateway_meter_health (factory_id, meter_id, reported_at, last_good_at,
       last_error_at, last_error, timeouts, crc_errors, connection_errors, exceptions)
     SELECT m.factory_id, m.id, $3, r.last_good_at, r.last_error_at, r.last_error,
            r.timeouts, r.crc_errors, r.connection_errors, r.exceptions
       FROM jsonb_to_recordset($4::jsonb) AS r(serial text, last_good_at timestamptz,
              last_error_at timestamptz, last_error text, timeouts bigint, crc_errors bigint,
              connection_errors bigint, exceptions jsonb)
       JOIN nodes n ON n.factory_id = $1 AND n.serial = r.serial
       JOIN gateway_meters m ON m.factory_id = n.factory_id AND m.node_id = n.id
                            AND m.gateway_id = $2
     ON CONFLICT (meter_id, factory_id) DO UPDATE SET reported_at = EXCLUDED.reported_at,
       last_good_at = EXCLUDED.last_good_at, last_error_at = EXCLUDED.last_error_at,
       last_error = EXCLUDED.last_error, timeouts = EXCLUDED.timeouts,
       crc_errors = EXCLUDED.crc_errors, connection_errors = EXCLUDED.connection_errors,
       exceptions = EXCLUDED.exceptions
     RETURNING meter_id`,
    [
      factoryId,
      gatewayId,
      now.toISOString(),
      JSON.stringify(
        // A serial twice in one report would hit one row twice in one statement: keep the last.
        [...new Map(report.meters.map((m) => [m.serial, m])).values()].map((m) => ({
          serial: m.serial,
          last_good_at: m.lastGoodAt,
          last_error_at: m.lastErrorAt,
          last_error: m.lastError,
          timeouts: m.errors.timeout,
          crc_errors: m.errors.crc,
          connection_errors: m.errors.connection,
          exceptions: m.errors.exception,
        })),
      ),
    ],
  );
  return rows.length;
}

export interface GatewayHealthRow {
  reportedAt: string;
  clockOffsetMs: number | null;
  buses: GatewayBusTiming[];
}

export async function findGatewayHealth(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
): Promise<GatewayHealthRow | null> {
  const rows = await db.query<{
    reported_at: Date;
    clock_offset_ms: string | number | null;
    buses: GatewayBusTiming[];
  }>(
    `SELECT reported_at, clock_offset_ms, buses FROM gateway_health
      WHERE factory_id = $1 AND gateway_id = $2`,
    [factoryId, gatewayId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    reportedAt: new Date(row.reported_at).toISOString(),
    clockOffsetMs: row.clock_offset_ms === null ? null : Number(row.clock_offset_ms),
    buses: row.buses,
  };
}

/** The columns of a meter's health as Admin's meter queries select them (alias h). */
export const HEALTH_COLUMNS = `h.reported_at AS health_reported_at, h.last_good_at, h.last_error_at,
    h.last_error, h.timeouts, h.crc_errors, h.connection_errors, h.exceptions`;

export interface HealthColumns {
  health_reported_at: Date | null;
  last_good_at: Date | null;
  last_error_at: Date | null;
  last_error: string | null;
  timeouts: string | number | null;
  crc_errors: string | number | null;
  connection_errors: string | number | null;
  exceptions: Record<string, number> | null;
}

export interface MeterHealthRow {
  reportedAt: string;
  lastGoodAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  errors: MeterErrorCounts;
}

/** A meter's health from its LEFT JOINed columns; null when the gateway never reported it. */
export function healthFromRow(r: HealthColumns): MeterHealthRow | null {
  if (r.health_reported_at === null) return null;
  const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
  return {
    reportedAt: new Date(r.health_reported_at).toISOString(),
    lastGoodAt: iso(r.last_good_at),
    lastErrorAt: iso(r.last_error_at),
    lastError: r.last_error,
    errors: {
      // bigint columns come back as strings from PostgreSQL.
      timeout: Number(r.timeouts),
      crc: Number(r.crc_errors),
      connection: Number(r.connection_errors),
      exception: r.exceptions ?? {},
    },
  };
}
