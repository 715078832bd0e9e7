import type { AdminGateway, Wiring } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

interface GatewayRow {
  id: number;
  name: string;
  created_at: Date;
  last_seen_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, created_at, last_seen_at, revoked_at';
const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toAdminGateway(row: GatewayRow): AdminGateway {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: iso(row.last_seen_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** Active gateways first, then revoked; newest first within each. */
export async function listGateways(db: Queryable, factoryId: number): Promise<AdminGateway[]> {
  const rows = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM gateways WHERE factory_id = $1
      ORDER BY revoked_at IS NOT NULL, id DESC`,
    [factoryId],
  );
  return rows.map(toAdminGateway);
}

export async function findGateway(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
): Promise<AdminGateway | null> {
  const rows = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM gateways WHERE factory_id = $1 AND id = $2`,
    [factoryId, gatewayId],
  );
  return rows[0] ? toAdminGateway(rows[0]) : null;
}

/** Revokes at once; null when it was revoked already (or is not the factory's). */
export async function revokeGateway(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
): Promise<AdminGateway | null> {
  const rows = await db.query<GatewayRow>(
    `UPDATE gateways SET revoked_at = now()
      WHERE factory_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [factoryId, gatewayId],
  );
  return rows[0] ? toAdminGateway(rows[0]) : null;
}

/** Readings of the factory timed at or after `since` (its local midnight). */
export async function readingsSince(
  db: Queryable,
  factoryId: number,
  since: Date,
): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM readings WHERE factory_id = $1 AND ts >= $2',
    [factoryId, since],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The factory's first active meter (for the example command), or null. */
export async function exampleMeter(
  db: Queryable,
  factoryId: number,
): Promise<{ serial: string; wiring: Wiring } | null> {
  const rows = await db.query<{ serial: string; wiring: Wiring }>(
    `SELECT serial, wiring FROM nodes
      WHERE factory_id = $1 AND type = 'smartMeter' AND serial IS NOT NULL
      ORDER BY sort_order, id LIMIT 1`,
    [factoryId],
  );
  return rows[0] ?? null;
}
