import type { Queryable } from '../../src/platform/db/db.ts';

/** Demo three-phase meters the ingest accepts on a fresh database. */
export const SERIALS = ['WB-M01-C2', 'WB-M01-C3'];

const phase = { voltage: 220.5, current: 10.2, kw: 2, pf: 0.95 };
/** Minute-aligned instants well in the past (the ingest refuses the future). */
const BASE_MS = Math.floor(Date.now() / 60_000) * 60_000 - 5 * 24 * 3600_000;

export interface Acked {
  serial: string;
  ts: string;
}

/** Batch n: one reading per meter at minute n (counters rise, so every reading is kept). */
export function batch(n: number) {
  const ts = new Date(BASE_MS + n * 60_000).toISOString();
  return SERIALS.map((serial) => ({
    serial,
    ts,
    phases: { a: phase, b: phase, c: phase },
    kwhForward: 1000 + n * 0.1,
    kwhReverse: 0,
    frequency: 60,
    temperature: 31.5,
  }));
}

/** The acknowledged readings the database lacks (empty when it holds them all). */
export async function missingReadings(db: Queryable, acked: Acked[]): Promise<Acked[]> {
  const rows = await db.query<{ serial: string; ts: string }>(
    `SELECT n.serial, to_char(r.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts
       FROM readings r JOIN nodes n ON n.factory_id = r.factory_id AND n.id = r.node_id
      WHERE n.serial = ANY($1::text[])`,
    [SERIALS],
  );
  const stored = new Set(rows.map((row) => `${row.serial}@${row.ts}`));
  return acked.filter((a) => !stored.has(`${a.serial}@${a.ts}`));
}

/** Runs amcheck's bt_index_check (with heapallindexed) on every btree index of the schema. */
export async function checkEveryIndex(db: Queryable): Promise<number> {
  await db.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
  const indexes = await db.query<{ name: string }>(
    `SELECT c.relname::text AS name FROM pg_index x
       JOIN pg_class c ON c.oid = x.indexrelid
       JOIN pg_am am ON am.oid = c.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE am.amname = 'btree' AND n.nspname = current_schema()`,
  );
  for (const { name } of indexes) {
    await db.query('SELECT bt_index_check($1::regclass, true)', [name]);
  }
  return indexes.length;
}
