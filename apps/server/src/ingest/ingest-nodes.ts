import { hasControlCharacter, type Wiring } from '@wattboard/contract';
import type { Queryable } from '../db/db.ts';
import type { IngestNode } from './check-reading.ts';

interface NodeRow {
  id: number;
  serial: string;
  type: IngestNode['type'];
  wiring: Wiring | null;
  parent_serial: string | null;
  parent_type: IngestNode['type'] | null;
}

/**
 * The nodes of ONE factory that the given serials name, in one query. A serial
 * of another factory is simply absent, so it reads as unknown (tenant isolation).
 */
export async function loadIngestNodes(
  db: Queryable,
  factoryId: number,
  serials: readonly string[],
): Promise<Map<string, IngestNode>> {
  const nodes = new Map<string, IngestNode>();
  // PostgreSQL refuses NUL in text, which would fail the whole batch (and make
  // an MQTT message redeliver forever); such a serial names no node anyway and
  // the reading is refused on its own by the per-reading check.
  const lookup = [...new Set(serials)].filter((serial) => !hasControlCharacter(serial));
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
  return nodes;
}
