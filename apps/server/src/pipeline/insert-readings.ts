import type { Queryable } from '../db/db.ts';
import type { NormalizedReading } from './normalized-reading.ts';

export const readingKey = (nodeId: number, ts: number) => `${nodeId}@${ts}`;

/**
 * One round trip that does two things:
 * - the multi-row insert of the batch (one JSON parameter, so its size is not
 *   bounded by the protocol's 65 535 bind parameters), skipping any (node, ts)
 *   already stored; counter highs are left NULL ("equal to the value"), the
 *   recompute sets the rare ones that differ;
 * - the move of each node's latest_readings row to its newest inserted reading
 *   (a late reading older than the row never replaces it).
 * Returns the keys (readingKey) of the readings inserted; the rest were already stored.
 */
export async function insertReadings(
  tx: Queryable,
  factoryId: number,
  readings: readonly NormalizedReading[],
): Promise<Set<string>> {
  const rows = readings.map((r) => ({
    n: r.nodeId,
    t: r.ts.toISOString(),
    p: r.phases,
    kw: r.kw,
    f: r.kwhForward,
    r: r.kwhReverse,
    hz: r.frequency,
    c: r.temperature,
  }));
  const result = await tx.query<{ node_id: number; ts: number }>(
    `WITH ins AS (
       INSERT INTO readings (factory_id, node_id, ts, phases, kw, kwh_forward, kwh_reverse,
                             frequency, temperature)
       SELECT $1, x.n, x.t, coalesce(x.p, '{}'::jsonb), x.kw, x.f, x.r, x.hz, x.c
         FROM jsonb_to_recordset($2::jsonb)
           AS x(n int, t timestamptz, p jsonb, kw float8, f float8, r float8, hz float8, c float8)
       ON CONFLICT (node_id, ts) DO NOTHING
       RETURNING node_id, ts, phases, kw, kwh_forward, kwh_reverse, frequency, temperature
     ), latest AS (
       INSERT INTO latest_readings AS l (factory_id, node_id, ts, phases, kw, kwh_forward,
                                         kwh_reverse, frequency, temperature)
       SELECT DISTINCT ON (node_id) $1, node_id, ts, phases, kw, kwh_forward, kwh_reverse,
              frequency, temperature
         FROM ins ORDER BY node_id, ts DESC
       ON CONFLICT (node_id) DO UPDATE SET
         ts = EXCLUDED.ts, phases = EXCLUDED.phases, kw = EXCLUDED.kw,
         kwh_forward = EXCLUDED.kwh_forward, kwh_reverse = EXCLUDED.kwh_reverse,
         frequency = EXCLUDED.frequency, temperature = EXCLUDED.temperature, updated_at = now()
       WHERE l.ts < EXCLUDED.ts
     )
     SELECT node_id, (extract(epoch FROM ts) * 1000)::float8 AS ts FROM ins`,
    [factoryId, JSON.stringify(rows)],
  );
  return new Set(result.map((row) => readingKey(row.node_id, row.ts)));
}
