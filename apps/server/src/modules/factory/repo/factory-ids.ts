import type { Queryable } from '../../../platform/db/db.ts';
import type { TreeNode } from '../node-tree.ts';

/** The factory a topic names: digits are its id, anything else its slug. */
export async function factoryIdByTopicName(db: Queryable, name: string): Promise<number | null> {
  const rows = /^\d{1,9}$/.test(name)
    ? await db.query<{ id: number }>('SELECT id FROM factories WHERE id = $1', [Number(name)])
    : await db.query<{ id: number }>('SELECT id FROM factories WHERE slug = $1', [name]);
  return rows[0]?.id ?? null;
}

/** The factory's slug, or null when there is no such factory. */
export async function factorySlug(db: Queryable, factoryId: number): Promise<string | null> {
  const rows = await db.query<{ slug: string }>('SELECT slug FROM factories WHERE id = $1', [
    factoryId,
  ]);
  return rows[0]?.slug ?? null;
}

const TREE_COLUMNS = `id, parent_id AS "parentId", type, ch_name AS "chName", name,
  sort_order AS "sortOrder"`;

/** The factory's monitoring points that are not retired, as the channel list shows them. */
export async function activeTreeNodes(db: Queryable, factoryId: number): Promise<TreeNode[]> {
  return db.query<TreeNode>(`SELECT ${TREE_COLUMNS} FROM active_nodes WHERE factory_id = $1`, [
    factoryId,
  ]);
}

/** A tree row that says whether the node is retired. */
export interface FactoryTreeNode extends TreeNode {
  retired: boolean;
}

/** Every monitoring point, retired ones too (for calls that name nodes explicitly). */
export function treeNodesWithRetired(db: Queryable, factoryId: number): Promise<FactoryTreeNode[]> {
  return db.query<FactoryTreeNode>(
    `SELECT ${TREE_COLUMNS}, retired_at IS NOT NULL AS retired FROM nodes WHERE factory_id = $1`,
    [factoryId],
  );
}

/** The factory a control topic names: its slug, or (digits) its id when no slug matches. */
export async function factoryIdBySlugOrId(db: Queryable, name: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM factories WHERE slug = $1 OR ($1 ~ '^[0-9]{1,9}$' AND id = $1::integer)`,
    [name],
  );
  return rows[0]?.id ?? null;
}
