import type { Queryable } from '../../../platform/db/db.ts';
import { realTimeDemandBlock } from '../calc/real-time-demand.ts';
import { demandKey, loadBlockDemand } from './block-demand.ts';

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

/** Block demand (15-minute average kW) of each node's given block, keyed by node. */
export async function blockDemandOf(
  db: Queryable,
  factoryId: number,
  blocks: ReadonlyMap<number, number | null>,
): Promise<Map<number, number>> {
  const keys = [...blocks].flatMap(([nodeId, blockStart]) =>
    blockStart === null ? [] : [{ nodeId, blockStart }],
  );
  const demand = await loadBlockDemand(db, factoryId, keys);
  return new Map(
    keys.flatMap(({ nodeId, blockStart }) => {
      const kw = demand.get(demandKey(nodeId, blockStart));
      return kw === undefined ? [] : [[nodeId, kw] as const];
    }),
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

/**
 * Real-time demand as above, with the newest reading time of every measured
 * member it looked at: when the answer would change as the clock moves
 * (calc/answer-window.ts).
 */
export async function realTimeDemandWithMembers(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  now: number,
): Promise<{ demand: Map<number, number>; memberTimes: number[] }> {
  const latest = await memberLatestTimes(db, factoryId, nodeIds);
  const blocks = new Map(nodeIds.map((id) => [id, realTimeDemandBlock(latest.get(id) ?? [], now)]));
  const memberTimes = [...latest.values()].flat().filter((ts): ts is number => ts !== null);
  return { demand: await blockDemandOf(db, factoryId, blocks), memberTimes };
}
