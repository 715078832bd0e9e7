import type { Queryable } from '../../../platform/db/db.ts';

/** Parents of the readings' nodes and of all their ancestors, in one recursive query. */
export async function ancestorParents(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; parent_id: number | null }>(
    `WITH RECURSIVE up (id, parent_id) AS (
       SELECT id, parent_id FROM nodes WHERE factory_id = $1 AND id = ANY($2::int[])
       UNION
       SELECT n.id, n.parent_id FROM nodes n JOIN up ON n.id = up.parent_id
        WHERE n.factory_id = $1
     )
     SELECT id, parent_id FROM up`,
    [factoryId, [...new Set(nodeIds)]],
  );
  return new Map(rows.map((row) => [row.id, row.parent_id]));
}
