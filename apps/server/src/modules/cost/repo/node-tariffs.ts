import type { Queryable } from '../../../platform/db/db.ts';
import { billingPoints, pointLookup } from '../../billing/index.ts';
import { activeTreeNodes } from '../../factory/index.ts';
import type { TariffBook } from '../calc/tariff-book.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import { tariffBook } from './tariff-store.ts';

export interface NodeTariffs {
  book: TariffBook;
  /** The billing point a node is on; null = none (then the factory's tariff). */
  pointOf: (nodeId: number) => number | null;
}

/**
 * Which tariff prices each node (decision 0065): that of the billing point the
 * node is on (the point itself or an ancestor), so a circuit under the office
 * building's supply costs what the office's Taipower account charges.
 */
export async function nodeTariffs(db: Queryable, factoryId: number): Promise<NodeTariffs> {
  const [nodes, book] = await Promise.all([
    activeTreeNodes(db, factoryId),
    tariffBook(db, factoryId),
  ]);
  const points = await billingPoints(db, factoryId, nodes);
  const lookup = pointLookup(
    nodes,
    points.map((point) => point.nodeId),
  );
  const main = points.find((point) => point.main)?.nodeId;
  // The main point's tariff is the factory's, whatever was once saved on its node.
  return { book, pointOf: (nodeId) => tariffPoint(lookup(nodeId), main) };
}

/** The node whose own tariff prices a point: none (the factory's) for the main point. */
export function tariffPoint(pointNodeId: number | null, mainNodeId: number | undefined) {
  return pointNodeId === mainNodeId ? null : pointNodeId;
}

/** The schedule one node's cost is priced by. */
export async function nodeTariff(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<TariffSchedule> {
  const { book, pointOf } = await nodeTariffs(db, factoryId);
  return book.forPoint(pointOf(nodeId));
}
