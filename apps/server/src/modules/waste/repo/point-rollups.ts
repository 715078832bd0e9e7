import type { Queryable } from '../../../platform/db/db.ts';
import type { QuarterEnergy } from '../../baseline/index.ts';
import { activeTreeNodes, type TreeNode } from '../../factory/index.ts';
import { leafPoints } from '../calc/leaf-points.ts';

export interface PointRollups {
  node: TreeNode;
  /** The point's 15-minute rollups over the range, oldest first (as baseline's quarterRollups). */
  rows: QuarterEnergy[];
}

/**
 * Points per statement: one statement per point cost a round trip through
 * PGlite each, one for all of a large factory would hold every point's 77
 * days in memory at once.
 */
export const POINTS_PER_QUERY = 32;

const numbers = (values: readonly unknown[]): number[] => values.map(Number);

/**
 * The 15-minute rollups of several points over a range, grouped by point,
 * each oldest first. Each point comes back as one row of four arrays, not a
 * row per quarter: decoding ~7,400 rows per point was most of the call on
 * PGlite (docs/decisions/0087-waste-finder-speed.md). Instants come as epoch
 * milliseconds; quarter boundaries are whole seconds, so the float is exact.
 */
export async function rollupsOfPoints(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: { from: number; to: number },
): Promise<Map<number, QuarterEnergy[]>> {
  const byNode = new Map<number, QuarterEnergy[]>(nodeIds.map((id) => [id, []]));
  if (nodeIds.length === 0) return byNode;
  const rows = await db.query<{
    node_id: number;
    starts: unknown[];
    forward: unknown[];
    reverse: unknown[];
    samples: unknown[];
  }>(
    `SELECT node_id,
            array_agg((extract(epoch FROM bucket_start) * 1000)::float8 ORDER BY bucket_start) AS starts,
            array_agg(kwh_forward ORDER BY bucket_start) AS forward,
            array_agg(kwh_reverse ORDER BY bucket_start) AS reverse,
            array_agg(samples ORDER BY bucket_start) AS samples
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY node_id`,
    [factoryId, [...nodeIds], new Date(range.from).toISOString(), new Date(range.to).toISOString()],
  );
  for (const row of rows) {
    const [starts, forward, reverse, samples] = [
      numbers(row.starts),
      numbers(row.forward),
      numbers(row.reverse),
      numbers(row.samples),
    ];
    byNode.set(
      Number(row.node_id),
      starts.map((start, i) => ({
        start,
        kwhForward: forward[i]!,
        kwhReverse: reverse[i]!,
        samples: samples[i]!,
      })),
    );
  }
  return byNode;
}

/**
 * The factory's active measured points with nothing under them (calc/leaf-points.ts:
 * each kWh is judged once) with their 15-minute rollups over the range,
 * POINTS_PER_QUERY points a statement.
 */
export async function activePointRollups(
  db: Queryable,
  factoryId: number,
  range: { from: number; to: number },
): Promise<PointRollups[]> {
  const nodes = leafPoints(await activeTreeNodes(db, factoryId));
  const points: PointRollups[] = [];
  for (let i = 0; i < nodes.length; i += POINTS_PER_QUERY) {
    const batch = nodes.slice(i, i + POINTS_PER_QUERY);
    const rows = await rollupsOfPoints(
      db,
      factoryId,
      batch.map((node) => node.id),
      range,
    );
    for (const node of batch) points.push({ node, rows: rows.get(node.id) ?? [] });
  }
  return points;
}
