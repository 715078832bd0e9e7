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
    'SELECT count(*) AS n FROM nodes WHERE factory_id = $1 AND parent_id = $2 AND retired_at IS NULL',
    [factoryId, nodeId],
  );
  return Number(rows[0]?.n ?? 0);
}
