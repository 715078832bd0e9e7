import type { Queryable } from '../../../platform/db/db.ts';
import { blockStartOf, predictBlock } from '../calc/predict.ts';
import { capacityNodes, nodeCounters } from './counters.ts';

/** A node with its own capacity and this quarter hour's prediction (issue #15). */
export interface NodeDemand {
  nodeId: number;
  name: string;
  chName: string;
  capacityKw: number;
  /** capacity × the factory's target %. */
  targetKw: number;
  predictedKw: number | null;
}

/**
 * Every node with its own capacity, predicted like the root from its measured
 * members (the demand step warns on them; Demand/Status shows them). Read-only.
 */
export async function predictCapacityNodes(
  db: Queryable,
  factoryId: number,
  now: number,
  targetPercent: number,
): Promise<NodeDemand[]> {
  const nodes: NodeDemand[] = [];
  for (const node of await capacityNodes(db, factoryId)) {
    const members = await nodeCounters(db, factoryId, node.id, blockStartOf(now), now);
    nodes.push({
      nodeId: node.id,
      name: node.name,
      chName: node.chName,
      capacityKw: node.capacityKw,
      targetKw: (node.capacityKw * targetPercent) / 100,
      predictedKw: predictBlock(members, now)?.predictedKw ?? null,
    });
  }
  return nodes;
}
