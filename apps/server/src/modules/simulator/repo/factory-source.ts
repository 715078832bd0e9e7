import type { Db } from '../../../platform/db/db.ts';
import { buildSimModel, type SimModel, type SimNodeRow } from '../model.ts';
import type { NodeCounter } from '../history.ts';

export interface SimulatedFactory {
  factoryId: number;
  model: SimModel;
}

/** The factory the simulator drives (the demo factory) and its metered nodes, or null if absent. */
export async function loadSimulatedFactory(
  db: Db,
  slug: string,
  seed: number,
): Promise<SimulatedFactory | null> {
  const factories = await db.query<{ id: number; time_zone: string }>(
    'SELECT id, time_zone FROM factories WHERE slug = $1',
    [slug],
  );
  const factory = factories[0];
  if (!factory) return null;
  const rows = await db.query<SimNodeRow>(
    `SELECT id, parent_id AS "parentId", type, name, serial, wiring,
            has_reverse_kwh AS "hasReverseKwh"
       FROM nodes WHERE factory_id = $1`,
    [factory.id],
  );
  return { factoryId: factory.id, model: buildSimModel(rows, factory.time_zone, seed) };
}

/**
 * Each metered node's newest stored reading: where its counters continue after
 * a restart. One index lookup per node (primary key node_id, ts), never a scan.
 */
export async function loadLastCounters(
  db: Db,
  factoryId: number,
): Promise<Map<number, NodeCounter>> {
  const rows = await db.query<{
    id: number;
    ts: Date | string;
    forward: number | null;
    reverse: number | null;
    kvarh: number | null;
  }>(
    `SELECT n.id, r.ts, r.kwh_forward AS forward, r.kwh_reverse AS reverse, r.kvarh_lagging AS kvarh
       FROM nodes n
       CROSS JOIN LATERAL (
         SELECT ts, kwh_forward, kwh_reverse, kvarh_lagging FROM readings
          WHERE factory_id = n.factory_id AND node_id = n.id ORDER BY ts DESC LIMIT 1
       ) r
      WHERE n.factory_id = $1 AND n.type <> 'virtual'`,
    [factoryId],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ts: new Date(row.ts).getTime(),
        forward: row.forward ?? 0,
        reverse: row.reverse ?? 0,
        kvarh: row.kvarh,
      },
    ]),
  );
}

/** A node's oldest stored reading: where resumed older history must join. */
export interface StoredReading extends NodeCounter {
  kw: number;
}

/**
 * How far back the factory's history reaches: its oldest raw reading and its
 * oldest 15-minute rollup (rollups outlive raw-reading retention). Both are
 * index lookups (readings by (factory_id, ts), rollups per node by primary key).
 */
export async function loadHistoryReach(
  db: Db,
  factoryId: number,
): Promise<{ oldestReading: number | null; oldestRollup: number | null }> {
  const rows = await db.query<{ reading: Date | string | null; rollup: Date | string | null }>(
    `SELECT (SELECT min(ts) FROM readings WHERE factory_id = $1) AS reading,
            -- Per node through the primary key: rollups have no (factory, time) index.
            (SELECT min(o.bucket_start) FROM nodes n
               CROSS JOIN LATERAL (SELECT bucket_start FROM rollups_15m
                                    WHERE factory_id = n.factory_id AND node_id = n.id
                                    ORDER BY bucket_start LIMIT 1) o
              WHERE n.factory_id = $1) AS rollup`,
    [factoryId],
  );
  const toMs = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : new Date(value).getTime();
  return { oldestReading: toMs(rows[0]?.reading), oldestRollup: toMs(rows[0]?.rollup) };
}

/** Each metered node's oldest stored reading. */
export async function loadOldestReadings(
  db: Db,
  factoryId: number,
): Promise<Map<number, StoredReading>> {
  const rows = await db.query<{
    id: number;
    ts: Date | string;
    kw: number | null;
    forward: number | null;
    reverse: number | null;
    kvarh: number | null;
  }>(
    `SELECT n.id, r.ts, r.kw, r.kwh_forward AS forward, r.kwh_reverse AS reverse,
            r.kvarh_lagging AS kvarh
       FROM nodes n
       CROSS JOIN LATERAL (
         SELECT ts, kw, kwh_forward, kwh_reverse, kvarh_lagging FROM readings
          WHERE factory_id = n.factory_id AND node_id = n.id ORDER BY ts LIMIT 1
       ) r
      WHERE n.factory_id = $1 AND n.type <> 'virtual'`,
    [factoryId],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ts: new Date(row.ts).getTime(),
        kw: row.kw ?? 0,
        forward: row.forward ?? 0,
        reverse: row.reverse ?? 0,
        kvarh: row.kvarh,
      },
    ]),
  );
}
