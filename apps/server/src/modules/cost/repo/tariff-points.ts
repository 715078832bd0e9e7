import type { TariffPoint } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { billingPoints } from '../../billing/index.ts';
import { activeTreeNodes, findNode } from '../../factory/index.ts';

/** Whose tariff an Admin › Tariff call is about: the factory's (null) or a further point's. */
export type TariffScope =
  | { kind: 'scope'; pointNodeId: number | null; points: TariffPoint[] }
  | { kind: 'not-found' }
  | { kind: 'not-point' };

/**
 * The factory's billing points as Admin › Tariff lists them, and the scope
 * `nodeId` names (decision 0065): absent or the main point, the factory's
 * tariff; a further point, its own; any other node of the factory is refused,
 * and another factory's is not found (its existence is not revealed).
 */
export async function tariffScope(
  db: Queryable,
  factoryId: number,
  nodeId: number | undefined,
): Promise<TariffScope> {
  const nodes = await activeTreeNodes(db, factoryId);
  const [points, owners] = await Promise.all([
    billingPoints(db, factoryId, nodes),
    db.query<{ node_id: number }>(
      'SELECT DISTINCT node_id FROM tariff_versions WHERE factory_id = $1 AND node_id IS NOT NULL',
      [factoryId],
    ),
  ]);
  const own = new Set(owners.map((row) => row.node_id));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const listed = points.map((point) => ({
    nodeId: point.nodeId,
    chName: byId.get(point.nodeId)?.chName ?? '',
    name: byId.get(point.nodeId)?.name ?? '',
    main: point.main,
    ownTariff: !point.main && own.has(point.nodeId),
  }));
  if (nodeId === undefined) return { kind: 'scope', pointNodeId: null, points: listed };
  const point = listed.find((p) => p.nodeId === nodeId);
  if (point) return { kind: 'scope', pointNodeId: point.main ? null : nodeId, points: listed };
  return (await findNode(db, factoryId, nodeId)) ? { kind: 'not-point' } : { kind: 'not-found' };
}
