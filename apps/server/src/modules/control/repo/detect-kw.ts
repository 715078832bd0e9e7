import type { Queryable } from '../../../platform/db/db.ts';
import { memberSum } from '../calc/member-sum.ts';
import { measuredMembers } from '../../monitor/index.ts';

/** A detect node's reading older than this is no signal: the channel keeps its state. */
export const DETECT_FRESH_MS = 5 * 60_000;

/**
 * The consumption, kW, of each node a signal watches: a measured node's
 * latest reading, or for a virtual node (e.g. the whole factory) the sum of
 * the measured nodes that make it up — only from readings fresher than
 * DETECT_FRESH_MS, and none when any member has no fresh reading.
 */
export async function detectKw(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (nodeIds.length === 0) return result;
  const rows = await db.query<{ node_id: number; kw: number | null }>(
    `SELECT node_id, kw FROM latest_readings
      WHERE factory_id = $1 AND ts > $2::timestamptz AND kw IS NOT NULL`,
    [factoryId, new Date(now - DETECT_FRESH_MS).toISOString()],
  );
  const latest = new Map(rows.map((row) => [row.node_id, Number(row.kw)]));
  for (const nodeId of new Set(nodeIds)) {
    const own = latest.get(nodeId);
    if (own !== undefined) {
      result.set(nodeId, own);
      continue;
    }
    const sum = memberSum(await measuredMembers(db, factoryId, nodeId), latest);
    if (sum !== null) result.set(nodeId, sum);
  }
  return result;
}
