/**
 * The one read of block demand (a 15-minute block's average kW, from
 * rollups_15m): Real Time Demand and the demand alarm both use it, so the page
 * and the alarm never disagree on a block's value.
 */
import type { Queryable } from '../../../platform/db/db.ts';

/** Block demand (15-minute average kW) of the given (node, block start) pairs. */
export async function loadBlockDemand(
  db: Queryable,
  factoryId: number,
  keys: readonly { nodeId: number; blockStart: number }[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query<{ node_id: number; bucket_start: Date; demand_kw: number | null }>(
    `SELECT r.node_id, r.bucket_start, coalesce(r.max_demand_kw, r.avg_kw) AS demand_kw
       FROM unnest($2::int[], $3::timestamptz[]) AS k (node_id, bucket_start)
       JOIN rollups_15m r ON r.node_id = k.node_id AND r.bucket_start = k.bucket_start
      WHERE r.factory_id = $1`,
    [factoryId, keys.map((k) => k.nodeId), keys.map((k) => new Date(k.blockStart).toISOString())],
  );
  return new Map(
    rows.flatMap((row) =>
      row.demand_kw === null
        ? []
        : [[demandKey(row.node_id, row.bucket_start.getTime()), row.demand_kw]],
    ),
  );
}

export const demandKey = (nodeId: number, blockStart: number) => `${nodeId}@${blockStart}`;
