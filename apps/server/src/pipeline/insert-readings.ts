import type { Queryable } from '../db/db.ts';
import type { NormalizedReading } from './normalized-reading.ts';
import {
  spansParameter,
  windowCtes,
  windowsFromRows,
  type ChangedSpan,
  type RollupWindow,
  type WindowRow,
} from './load-window.ts';

export const readingKey = (nodeId: number, ts: number) => `${nodeId}@${ts}`;

export interface InsertOutcome {
  /** Keys (readingKey) of the readings inserted; the rest were already stored. */
  inserted: Set<string>;
  /** The rollup windows of the spans as stored BEFORE this insert. */
  windows: RollupWindow[];
}

type OutcomeRow = WindowRow & { kind: 'ins' | 'win' };

/**
 * One round trip that does three things:
 * - the multi-row insert of the batch (one JSON parameter, so its size is not
 *   bounded by the protocol's 65 535 bind parameters), skipping any (node, ts)
 *   already stored;
 * - the move of each node's latest_readings row to its newest inserted reading
 *   (a late reading older than the row never replaces it);
 * - the rollup windows of the spans, read from the statement's snapshot, which
 *   does not yet hold the new rows: the caller adds those from memory instead
 *   of reading a whole batch back.
 */
export async function insertReadings(
  tx: Queryable,
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
  const result = await tx.query<OutcomeRow>(
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
     ), ${windowCtes('$3')}
     SELECT 'ins' AS kind, NULL::int AS span, node_id, NULL::float8 AS a, NULL::float8 AS b,
            (extract(epoch FROM ts) * 1000)::float8 AS ts, NULL::float8 AS kw,
            NULL::float8 AS kwh_forward, NULL::float8 AS kwh_reverse
       FROM ins
     UNION ALL
     SELECT 'win', span, node_id, a, b, ts, kw, kwh_forward, kwh_reverse FROM win`,
    [factoryId, JSON.stringify(rows), spansParameter(spans)],
  );
  const inserted = new Set<string>();
  const windowRows: WindowRow[] = [];
  for (const row of result) {
    if (row.kind === 'ins') inserted.add(readingKey(row.node_id, row.ts!));
    else windowRows.push(row);
  }
  return { inserted, windows: windowsFromRows(windowRows) };
}
