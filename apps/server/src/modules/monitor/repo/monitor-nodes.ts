import type { Queryable } from '../../../platform/db/db.ts';

/** A monitoring point with what the monitor calls show about it. */
export interface MonitorNode {
  id: number;
  type: string;
  chName: string;
  name: string;
  wiring: string | null;
  breakerType: string | null;
  frequencyHz: number | null;
  hasReverseKwh: boolean;
}

const NODE_COLUMNS = `id, type, ch_name AS "chName", name, wiring, breaker_type AS "breakerType",
  frequency_hz AS "frequencyHz", has_reverse_kwh AS "hasReverseKwh"`;

/** The node, only when it belongs to the factory: another factory's node is "not found". */
export async function findFactoryNode(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<MonitorNode | null> {
  const rows = await db.query<MonitorNode>(
    `SELECT ${NODE_COLUMNS} FROM nodes WHERE factory_id = $1 AND id = $2`,
    [factoryId, nodeId],
  );
  return rows[0] ?? null;
}

/**
 * Direct children in the channel list's order (sort order, then id). An active
 * node's retired children are left out, as in the channel list; a retired
 * node (named explicitly, for its history) keeps them all — they are retired too.
 */
export function childNodes(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<MonitorNode[]> {
  return db.query<MonitorNode>(
    `SELECT ${NODE_COLUMNS} FROM nodes c WHERE factory_id = $1 AND parent_id = $2
        AND (EXISTS (SELECT 1 FROM active_nodes a WHERE a.factory_id = $1 AND a.id = c.id)
          OR NOT EXISTS (SELECT 1 FROM active_nodes p WHERE p.factory_id = $1 AND p.id = $2))
      ORDER BY sort_order, id`,
    [factoryId, nodeId],
  );
}

/**
 * The measured nodes whose readings make up this node: the node itself when it
 * is measured; for a virtual node the measured nodes reached through virtual
 * nodes only (a meter counts as a whole, its circuits are not added again).
 */
export async function measuredMembers(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE tree (id, type, path) AS (
       SELECT id, type, ARRAY[id] FROM nodes WHERE factory_id = $1 AND id = $2
       UNION ALL
       SELECT n.id, n.type, t.path || n.id
         FROM nodes n JOIN tree t ON n.parent_id = t.id
        WHERE n.factory_id = $1 AND t.type = 'virtual' AND NOT n.id = ANY(t.path)
     )
     SELECT id FROM tree WHERE type <> 'virtual' ORDER BY id`,
    [factoryId, nodeId],
  );
  return rows.map((row) => row.id);
}

/**
 * Nodes that measure reverse energy (a solar inverter) or contain one below
 * them: a meter or area holding a solar circuit shows the reverse figures too.
 */
export async function reverseEnergyNodes(db: Queryable, factoryId: number): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE up (id, parent_id) AS (
       SELECT id, parent_id FROM nodes WHERE factory_id = $1 AND has_reverse_kwh
       UNION
       SELECT n.id, n.parent_id FROM nodes n JOIN up ON n.id = up.parent_id
        WHERE n.factory_id = $1
     )
     SELECT id FROM up`,
    [factoryId],
  );
  return new Set(rows.map((row) => row.id));
}
