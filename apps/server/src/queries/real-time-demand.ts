import type { Queryable } from '../db/db.ts';
import { realTimeDemandBlock } from '../domain/monitor/real-time-demand.ts';

/**
 * Newest reading time of every measured node that makes up each given node:
 * the node itself when measured; a virtual node's measured members reached
 * through virtual nodes only (as its rollups sum them). Null for a member that
 * never reported. Reads nodes and latest_readings only.
 */
export async function memberLatestTimes(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
): Promise<Map<number, (number | null)[]>> {
  const rows = await db.query<{ root: number; ts: Date | null }>(
    `WITH RECURSIVE tree (root, id, type, path) AS (
       SELECT id, id, type, ARRAY[id] FROM nodes WHERE factory_id = $1 AND id = ANY($2::int[])
       UNION ALL
       SELECT t.root, n.id, n.type, t.path || n.id
         FROM nodes n JOIN tree t ON n.parent_id = t.id
        WHERE n.factory_id = $1 AND t.type = 'virtual' AND NOT n.id = ANY(t.path)
     )
     SELECT t.root, l.ts
       FROM tree t LEFT JOIN latest_readings l ON l.factory_id = $1 AND l.node_id = t.id
      WHERE t.type <> 'virtual'`,
    [factoryId, [...nodeIds]],
  );
  const byNode = new Map<number, (number | null)[]>(nodeIds.map((id) => [id, []]));
  for (const row of rows) byNode.get(row.root)?.push(row.ts?.getTime() ?? null);
  return byNode;
}

/** Each node's real-time demand block start (see realTimeDemandBlock), or null. */
export async function realTimeDemandBlocks(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  now: number,
): Promise<Map<number, number | null>> {
  const latest = await memberLatestTimes(db, factoryId, nodeIds);
  return new Map(nodeIds.map((id) => [id, realTimeDemandBlock(latest.get(id) ?? [], now)]));
}

/** Block demand (15-minute average kW) of the given (node, block start) pairs, keyed by node. */
export async function blockDemandOf(
  db: Queryable,
  factoryId: number,
  blocks: ReadonlyMap<number, number | null>,
): Promise<Map<number, number>> {
  const keys = [...blocks].flatMap(([nodeId, start]) =>
    start === null ? [] : [{ nodeId, start }],
  );
  if (keys.length === 0) return new Map();
  const rows = await db.query<{ node_id: number; demand_kw: number | null }>(
    `SELECT r.node_id, coalesce(r.max_demand_kw, r.avg_kw) AS demand_kw
       FROM unnest($2::int[], $3::timestamptz[]) AS k (node_id, bucket_start)
       JOIN rollups_15m r ON r.node_id = k.node_id AND r.bucket_start = k.bucket_start
      WHERE r.factory_id = $1`,
    [factoryId, keys.map((k) => k.nodeId), keys.map((k) => new Date(k.start).toISOString())],
  );
  return new Map(
    rows.flatMap((row) => (row.demand_kw === null ? [] : [[row.node_id, row.demand_kw]])),
  );
}

/**
 * "Real Time Demand" per node: the average kW of its newest complete 15-minute
 * block; a node without one (silent, never reported) is absent, shown as null.
 */
export async function realTimeDemand(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  return blockDemandOf(db, factoryId, await realTimeDemandBlocks(db, factoryId, nodeIds, now));
}
