import type { Queryable } from '../db/db.ts';
import type { ChangedSpan } from './load-window.ts';
import { encodeMarkSpans } from './mark-spans.ts';
import type { NormalizedReading } from './normalized-reading.ts';

export const readingKey = (nodeId: number, ts: number) => `${nodeId}@${ts}`;

let markCounter = 0;

/** A mark id: this clock's ms × 1024 plus a counter, so marks are taken roughly oldest first. */
function nextMarkId(): number {
  markCounter = (markCounter + 1) % 1024;
  return Date.now() * 1024 + markCounter;
}

export interface InsertOutcome {
  /** Keys (readingKey) of the readings inserted; the rest were already stored. */
  inserted: Set<string>;
  /** The rollup mark written with them (null when nothing was inserted). */
  markId: number | null;
}

/**
 * The acknowledged part of a store, ONE autocommitted statement:
 * - the multi-row insert of the batch (one JSON parameter, so its size is not
 *   bounded by the protocol's 65 535 bind parameters), skipping any (node, ts)
 *   already stored; counter highs are left NULL ("equal to the value"), the
 *   rollup work sets the rare ones that differ;
 * - one rollup mark naming the batch's spans (mark-spans.ts), so the rollup
 *   work is durable from the moment the readings are.
 * Rollups and latest_readings are brought up to date from the mark (drain-rollups.ts).
 * `readings` must not repeat a (node, ts) (storeReadings removes repeats first).
 */
export async function insertReadings(
  db: Queryable,
  factoryId: number,
  readings: readonly NormalizedReading[],
  spans: readonly ChangedSpan[],
): Promise<InsertOutcome> {
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
  const [result] = await db.query<{ n: number; keys: string | null; mark: string | null }>(
    `WITH ins AS (
       INSERT INTO readings (factory_id, node_id, ts, phases, kw, kwh_forward, kwh_reverse,
                             frequency, temperature)
       SELECT $1, x.n, x.t, coalesce(x.p::jsonb, '{}'::jsonb), x.kw, x.f, x.r, x.hz, x.c
         -- json, not jsonb: the batch is read once, and parsing it as json is cheaper.
         FROM json_to_recordset($2::json)
           AS x(n int, t timestamptz, p json, kw float8, f float8, r float8, hz float8, c float8)
       ON CONFLICT (node_id, ts, factory_id) DO NOTHING
       RETURNING node_id, ts
     ), mark AS (
       -- The batch's spans once anything was inserted (a span of repeats only costs a look).
       INSERT INTO rollup_marks (factory_id, id, spans)
       SELECT $1, $4, $3::jsonb WHERE EXISTS (SELECT 1 FROM ins)
       -- Two writers that picked the same id share the mark: nothing is lost.
       ON CONFLICT (factory_id, id) DO UPDATE SET spans = rollup_marks.spans || EXCLUDED.spans
       RETURNING id
     )
     -- One row: the count, and which were inserted only when some were not (a
     -- row per reading cost PGlite ~10 µs a value to decode, for the usual "all").
     SELECT (SELECT count(*) FROM ins)::int AS n,
            CASE WHEN (SELECT count(*) FROM ins) < $5 THEN
              (SELECT string_agg(node_id || '@' || (extract(epoch FROM ts) * 1000)::bigint, ',')
                 FROM ins)
            END AS keys,
            (SELECT id::text FROM mark) AS mark`,
    [
      factoryId,
      JSON.stringify(rows),
      JSON.stringify(encodeMarkSpans(spans)),
      nextMarkId(),
      readings.length,
    ],
  );
  const markId = result?.mark ? Number(result.mark) : null;
  const inserted =
    result && result.n === readings.length
      ? new Set(readings.map((r) => readingKey(r.nodeId, r.ts.getTime())))
      : new Set(result?.keys ? result.keys.split(',') : []);
  return { inserted, markId };
}
