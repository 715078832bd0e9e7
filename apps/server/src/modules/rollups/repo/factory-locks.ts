import type { Queryable } from '../../../platform/db/db.ts';
import type { NodeLink } from '../energy/index.ts';

export interface FactoryNodes {
  timeZone: string;
  nodes: NodeLink[];
}

// Same family of keys as the migration and seed locks.
const ROLLUP_LOCK_KEY = 72_617_003;

/**
 * Takes the factory's rollup lock, then reads its zone and node tree (what the
 * rollups need to align days and sum virtual nodes), in one round trip.
 *
 * The lock serialises rollup work per factory across connections and server
 * instances: two transactions storing readings of one node, or of two children of
 * one virtual node, would otherwise each recompute a bucket without seeing the
 * other's uncommitted readings. It is released at commit. Every later statement
 * of the transaction takes a fresh snapshot, so it sees what the previous holder
 * committed.
 */
export async function lockFactoryForRollups(
  tx: Queryable,
  factoryId: number,
): Promise<FactoryNodes> {
  const factory = await tryLockFactoryForRollups(tx, factoryId);
  if (!factory) throw new Error(`Factory ${factoryId} does not exist`);
  return factory;
}

/** As lockFactoryForRollups; null when the factory does not exist (any more). */
export async function tryLockFactoryForRollups(
  tx: Queryable,
  factoryId: number,
): Promise<FactoryNodes | null> {
  const rows = await tx.query<{
    time_zone: string;
    id: number | null;
    parent_id: number | null;
    type: string | null;
  }>(
    `WITH locked AS (SELECT pg_advisory_xact_lock($2::int, $1::int))
     SELECT f.time_zone, n.id, n.parent_id, n.type
       FROM locked, factories f LEFT JOIN nodes n ON n.factory_id = f.id
      WHERE f.id = $1`,
    [factoryId, ROLLUP_LOCK_KEY],
  );
  const first = rows[0];
  if (!first) return null;
  const nodes: NodeLink[] = [];
  for (const row of rows) {
    if (row.id !== null && row.type !== null) {
      nodes.push({ id: row.id, parentId: row.parent_id, type: row.type });
    }
  }
  return { timeZone: first.time_zone, nodes };
}

/** The factory's IANA time zone (the factory exists: the caller holds its id from a session). */
export async function factoryTimeZone(db: Queryable, factoryId: number): Promise<string> {
  const rows = await db.query<{ time_zone: string }>(
    'SELECT time_zone FROM factories WHERE id = $1',
    [factoryId],
  );
  return rows[0]!.time_zone;
}

/** The factory the recompute command names by slug or id, with its zone. */
export async function findFactoryForRecompute(
  db: Queryable,
  slug: string,
  id: number | null,
): Promise<{ id: number; time_zone: string } | undefined> {
  const [factory] = await db.query<{ id: number; time_zone: string }>(
    `SELECT id, time_zone FROM factories WHERE slug = $1 OR id = $2`,
    [slug, id],
  );
  return factory;
}

/** Every node of the factory (retired ones too) with its type. */
export async function factoryNodeTypes(
  db: Queryable,
  factoryId: number,
): Promise<{ id: number; type: string }[]> {
  return db.query<{ id: number; type: string }>(
    `SELECT id, type FROM nodes WHERE factory_id = $1 ORDER BY id`,
    [factoryId],
  );
}
