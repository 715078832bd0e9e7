import type { Queryable } from '../../../platform/db/db.ts';
import { quarterRollups, type QuarterEnergy } from '../../baseline/index.ts';
import { activeTreeNodes, type TreeNode } from '../../factory/index.ts';
import { leafPoints } from '../calc/leaf-points.ts';

export interface PointRollups {
  node: TreeNode;
  /** The point's 15-minute rollups over the range, oldest first (baseline's quarterRollups). */
  rows: QuarterEnergy[];
}

/**
 * The factory's active measured points with nothing under them (calc/leaf-points.ts:
 * each kWh is judged once) with their 15-minute rollups over the range, one
 * point at a time so a factory of many points never holds more than one scan open.
 */
export async function activePointRollups(
  db: Queryable,
  factoryId: number,
  range: { from: number; to: number },
): Promise<PointRollups[]> {
  const nodes = leafPoints(await activeTreeNodes(db, factoryId));
  const points: PointRollups[] = [];
  for (const node of nodes) {
    points.push({ node, rows: await quarterRollups(db, factoryId, node.id, range) });
  }
  return points;
}
