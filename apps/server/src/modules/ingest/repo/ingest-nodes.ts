import { hasControlCharacter, type Wiring } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import type { IngestNode } from '../check-reading.ts';
import { IngestNodeCache } from '../ingest-node-cache.ts';

interface NodeRow {
  id: number;
  serial: string;
  type: IngestNode['type'];
  wiring: Wiring | null;
  parent_serial: string | null;
  parent_type: IngestNode['type'] | null;
}

/** One cache per database handle, like the rollup worker: tests with their own databases never share. */
const caches = new WeakMap<Queryable, IngestNodeCache>();

function cacheOf(db: Queryable): IngestNodeCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new IngestNodeCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Forget the cached serial → node answers of a factory (or of all factories)
 * for this database: call it after adding, moving, rewiring or deleting nodes
 * (the Admin page). A new serial needs no call: misses always ask the database.
 */
export function invalidateIngestNodes(db: Queryable, factoryId?: number): void {
  caches.get(db)?.invalidate(factoryId);
}

/**
 * The nodes of ONE factory that the given serials name: from the cache of
 * earlier batches, the rest in one query. A serial of another factory is
 * simply absent, so it reads as unknown (tenant isolation).
 */
export async function loadIngestNodes(
  db: Queryable,
  factoryId: number,
  serials: readonly string[],
): Promise<Map<string, IngestNode>> {
  const cache = cacheOf(db);
  // PostgreSQL refuses NUL in text, which would fail the whole batch (and make
  // an MQTT message redeliver forever); such a serial names no node anyway and
  // the reading is refused on its own by the per-reading check.
  const { found: nodes, missing: lookup } = cache.lookup(
    factoryId,
    serials.filter((serial) => !hasControlCharacter(serial)),
  );
  if (lookup.length === 0) return nodes;
  const rows = await db.query<NodeRow>(
    `SELECT n.id, n.serial, n.type, n.wiring, p.serial AS parent_serial, p.type AS parent_type
       FROM nodes n
       LEFT JOIN nodes p ON p.factory_id = n.factory_id AND p.id = n.parent_id
      WHERE n.factory_id = $1 AND n.serial = ANY($2::text[])`,
    [factoryId, lookup],
  );
  for (const row of rows) {
    const meterSerial =
      row.type === 'smartMeter'
        ? row.serial
        : row.parent_type === 'smartMeter'
          ? row.parent_serial
          : null;
    nodes.set(row.serial, {
      id: row.id,
      serial: row.serial,
      type: row.type,
      wiring: row.wiring,
      meterSerial,
    });
  }
  cache.remember(
    factoryId,
    lookup.flatMap((serial) => nodes.get(serial) ?? []),
  );
  return nodes;
}
