import type { AdminNode, Wiring } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import type { NodeLink } from '../../rollups/index.ts';

interface NodeRow {
  id: number;
  parent_id: number | null;
  type: AdminNode['type'];
  name: string;
  ch_name: string;
  serial: string | null;
  retired_serial: string | null;
  wiring: Wiring | null;
  breaker_type: string | null;
  frequency_hz: number | null;
  has_reverse_kwh: boolean;
  sort_order: number;
  retired_at: Date | null;
  created_at: Date;
  last_reading_at: Date | null;
  capacity_kw: number | null;
}

const SELECT = `SELECT n.id, n.parent_id, n.type, n.name, n.ch_name, n.serial, n.retired_serial,
       n.wiring, n.breaker_type, n.frequency_hz, n.has_reverse_kwh, n.sort_order, n.retired_at,
       n.created_at, l.ts AS last_reading_at, n.capacity_kw
  FROM nodes n
  LEFT JOIN latest_readings l ON l.factory_id = n.factory_id AND l.node_id = n.id`;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toAdminNode(row: NodeRow): AdminNode {
  return {
    id: row.id,
    parentId: row.parent_id,
    type: row.type,
    name: row.name,
    chName: row.ch_name,
    // A retired node shows the serial it gave up.
    serial: row.serial ?? row.retired_serial,
    wiring: row.wiring,
    breakerType: row.breaker_type,
    frequencyHz: row.frequency_hz,
    hasReverseKwh: row.has_reverse_kwh,
    sortOrder: row.sort_order,
    retiredAt: iso(row.retired_at),
    createdAt: new Date(row.created_at).toISOString(),
    lastReadingAt: iso(row.last_reading_at),
    capacityKw: row.capacity_kw === null ? null : Number(row.capacity_kw),
  };
}

/** The factory's tree in display order (parents before children not guaranteed). */
export async function listNodes(db: Queryable, factoryId: number): Promise<AdminNode[]> {
  const rows = await db.query<NodeRow>(
    `${SELECT} WHERE n.factory_id = $1 ORDER BY n.parent_id NULLS FIRST, n.sort_order, n.id`,
    [factoryId],
  );
  return rows.map(toAdminNode);
}

export async function findNode(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<AdminNode | null> {
  const rows = await db.query<NodeRow>(`${SELECT} WHERE n.factory_id = $1 AND n.id = $2`, [
    factoryId,
    nodeId,
  ]);
  return rows[0] ? toAdminNode(rows[0]) : null;
}

/** The factory's tree as links (for the rules and the virtual sums). */
export async function nodeLinks(db: Queryable, factoryId: number): Promise<NodeLink[]> {
  const rows = await db.query<{ id: number; parent_id: number | null; type: string }>(
    'SELECT id, parent_id, type FROM nodes WHERE factory_id = $1',
    [factoryId],
  );
  return rows.map((row) => ({ id: row.id, parentId: row.parent_id, type: row.type }));
}

/** Is the serial used by an active node of the factory (other than `exceptId`)? */
export async function serialInUse(
  db: Queryable,
  factoryId: number,
  serial: string,
  exceptId: number | null = null,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM nodes WHERE factory_id = $1 AND serial = $2 AND id IS DISTINCT FROM $3',
    [factoryId, serial, exceptId],
  );
  return rows.length > 0;
}

/** Active children of a node. */
export async function activeChildCount(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM active_nodes WHERE factory_id = $1 AND parent_id = $2',
    [factoryId, nodeId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The node details an Admin may change in place, and their columns. */
export const UPDATABLE = [
  'name',
  'chName',
  'breakerType',
  'frequencyHz',
  'hasReverseKwh',
  'sortOrder',
  'capacityKw',
] as const;
type UpdatableField = (typeof UPDATABLE)[number];
const COLUMN: Record<UpdatableField, string> = {
  name: 'name',
  chName: 'ch_name',
  breakerType: 'breaker_type',
  frequencyHz: 'frequency_hz',
  hasReverseKwh: 'has_reverse_kwh',
  sortOrder: 'sort_order',
  capacityKw: 'capacity_kw',
};

/** Writes the changed fields (column names from the fixed map above, values as parameters). */
export async function updateNodeFields(
  tx: Queryable,
  factoryId: number,
  nodeId: number,
  changed: readonly UpdatableField[],
  values: Partial<Record<UpdatableField, unknown>>,
): Promise<void> {
  const sets = changed.map((key, i) => `${COLUMN[key]} = $${i + 3}`).join(', ');
  await tx.query(`UPDATE nodes SET ${sets} WHERE factory_id = $1 AND id = $2`, [
    factoryId,
    nodeId,
    ...changed.map((key) => values[key]),
  ]);
}

/** Moves a node under a new parent (null: the top), last among its new siblings. */
export async function moveNode(
  tx: Queryable,
  factoryId: number,
  nodeId: number,
  parentId: number | null,
): Promise<void> {
  await tx.query(
    `UPDATE nodes SET parent_id = $3,
            sort_order = (SELECT COALESCE(max(sort_order) + 1, 0) FROM nodes
                           WHERE factory_id = $1 AND parent_id IS NOT DISTINCT FROM $3)
      WHERE factory_id = $1 AND id = $2`,
    [factoryId, nodeId, parentId],
  );
}

/** Retires a node: its serial is set aside, so a replacement meter can take it. */
export async function retireNode(tx: Queryable, factoryId: number, nodeId: number): Promise<void> {
  await tx.query(
    `UPDATE nodes SET retired_at = now(), retired_serial = serial, serial = NULL
      WHERE factory_id = $1 AND id = $2`,
    [factoryId, nodeId],
  );
}

/** Brings a retired node back with the serial it had. */
export async function restoreNode(tx: Queryable, factoryId: number, nodeId: number): Promise<void> {
  await tx.query(
    `UPDATE nodes SET retired_at = NULL, serial = retired_serial, retired_serial = NULL
      WHERE factory_id = $1 AND id = $2`,
    [factoryId, nodeId],
  );
}
