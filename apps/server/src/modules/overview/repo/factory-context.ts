import type { Queryable } from '../../../platform/db/db.ts';
import type { TreeNode } from '../../factory/index.ts';

export interface FactoryFigures {
  co2Factor: number;
  contractCapacityKw: number | null;
}

/** The factory's CO2 factor and contract capacity (kW, null when not set). */
export async function factoryFigures(db: Queryable, factoryId: number): Promise<FactoryFigures> {
  const rows = await db.query<{ co2_factor: number; contract_capacity_kw: number | null }>(
    'SELECT co2_factor, contract_capacity_kw FROM factories WHERE id = $1',
    [factoryId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Factory ${factoryId} does not exist`);
  return { co2Factor: row.co2_factor, contractCapacityKw: row.contract_capacity_kw };
}

const TREE_COLUMNS = `id, parent_id AS "parentId", type, ch_name AS "chName", name,
  sort_order AS "sortOrder"`;

/** The factory's active monitoring points (the tree's rows; retired nodes are hidden). */
export function factoryNodes(db: Queryable, factoryId: number): Promise<TreeNode[]> {
  return db.query<TreeNode>(
    `SELECT ${TREE_COLUMNS} FROM nodes WHERE factory_id = $1 AND retired_at IS NULL`,
    [factoryId],
  );
}

/** A tree row that says whether the node is retired. */
export interface FactoryTreeNode extends TreeNode {
  retired: boolean;
}

/** Every monitoring point, retired ones too (for calls that name nodes explicitly). */
export function factoryNodesWithRetired(
  db: Queryable,
  factoryId: number,
): Promise<FactoryTreeNode[]> {
  return db.query<FactoryTreeNode>(
    `SELECT ${TREE_COLUMNS}, retired_at IS NOT NULL AS retired FROM nodes WHERE factory_id = $1`,
    [factoryId],
  );
}
