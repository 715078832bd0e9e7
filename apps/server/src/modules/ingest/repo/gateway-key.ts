import type { Queryable } from '../../../platform/db/db.ts';
import { bearerToken, hashToken } from '../../../platform/http/token.ts';

/** The gateway a request's key belongs to; readings go into its factory only. */
export interface GatewayIdentity {
  gatewayId: number;
  factoryId: number;
}

/**
 * Looks up `Authorization: Bearer <gateway key>` by its SHA-256 (only the hash
 * is stored). Unknown and revoked keys both answer null: no key probing.
 */
export async function findGatewayByKey(
  db: Queryable,
  authorization: string | undefined,
): Promise<GatewayIdentity | null> {
  const key = bearerToken(authorization);
  if (!key) return null;
  const rows = await db.query<{ id: number; factory_id: number }>(
    'SELECT id, factory_id FROM gateways WHERE ingest_key_hash = $1 AND revoked_at IS NULL',
    [hashToken(key)],
  );
  const row = rows[0];
  return row ? { gatewayId: row.id, factoryId: row.factory_id } : null;
}

/** Records that the gateway reported, at most once a minute (not a write per batch). */
export async function markGatewaySeen(db: Queryable, gatewayId: number): Promise<void> {
  await db.query(
    `UPDATE gateways SET last_seen_at = now()
      WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < now() - interval '1 minute')`,
    [gatewayId],
  );
}
