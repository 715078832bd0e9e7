/** Fixtures for the pipeline tests: a small factory tree and readings with known counters. */
import type { Db } from '../../src/platform/db/db.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';

export interface TestTree {
  factoryId: number;
  /** virtual root = area (virtual) + meterB; area = meterA + solar. */
  root: number;
  area: number;
  meterA: number;
  /** A circuit under meterA: its readings must not flow into the virtual sums. */
  circuitA1: number;
  meterB: number;
  solar: number;
}

let slugCounter = 0;

async function insertNode(
  db: Db,
  factoryId: number,
  parentId: number | null,
  type: string,
  name: string,
  wiring: string | null,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [factoryId, parentId, type, `${name} 中`, name, wiring],
  );
  return rows[0]!.id;
}

/** A factory in `timeZone` with a two-level virtual tree (see TestTree). */
export async function createTestFactory(db: Db, timeZone: string): Promise<TestTree> {
  slugCounter += 1;
  const factoryRows = await db.query<{ id: number }>(
    `INSERT INTO factories (slug, name, name_zh, time_zone, co2_factor)
     VALUES ($1, 'Pipeline Test', '管線測試', $2, 0.5) RETURNING id`,
    [`pipeline-${slugCounter}-${Date.now()}`, timeZone],
  );
  const factoryId = factoryRows[0]!.id;
  const root = await insertNode(db, factoryId, null, 'virtual', 'Root', null);
  const area = await insertNode(db, factoryId, root, 'virtual', 'Area', null);
  const meterA = await insertNode(db, factoryId, area, 'smartMeter', 'Meter A', 'a,b,c');
  const circuitA1 = await insertNode(db, factoryId, meterA, 'circuit', 'Circuit A1', 'value');
  const solar = await insertNode(db, factoryId, area, 'smartMeter', 'Solar', 'a,b,c');
  const meterB = await insertNode(db, factoryId, root, 'smartMeter', 'Meter B', 'l1,l2');
  return { factoryId, root, area, meterA, circuitA1, meterB, solar };
}

/** A reading with the given counters; the phases are plausible but irrelevant to energy. */
export function reading(
  nodeId: number,
  ts: string,
  kwhForward: number | null,
  kw = 10,
  kwhReverse: number | null = 0,
): NormalizedReading {
  return {
    nodeId,
    ts: new Date(ts),
    phases: { value: { voltage: 230, current: (kw * 1000) / 230, kw, pf: 0.95 } },
    kw,
    kwhForward,
    kwhReverse,
    frequency: 60,
    temperature: 30,
  };
}

export interface RollupRow {
  bucket: string;
  kwh_forward: number;
  kwh_reverse: number;
  avg_kw: number | null;
  max_kw: number | null;
  min_kw: number | null;
  samples: number;
  max_demand_kw: number | null;
}

/** A node's rollup rows of one table, oldest first, bucket as ISO string. */
export async function rollups(
  db: Db,
  table: 'rollups_15m' | 'rollups_1h' | 'rollups_1d',
  nodeId: number,
): Promise<RollupRow[]> {
  const rows = await db.query<Omit<RollupRow, 'bucket'> & { bucket_start: Date }>(
    `SELECT bucket_start, kwh_forward, kwh_reverse, avg_kw, max_kw, min_kw, samples, max_demand_kw
       FROM ${table} WHERE node_id = $1 ORDER BY bucket_start`,
    [nodeId],
  );
  return rows.map(({ bucket_start, ...rest }) => ({
    bucket: new Date(bucket_start).toISOString(),
    ...rest,
  }));
}

/** Sum of a numeric column over rows. */
export const total = (rows: readonly RollupRow[], key: 'kwh_forward' | 'kwh_reverse') =>
  rows.reduce((sum, row) => sum + row[key], 0);
