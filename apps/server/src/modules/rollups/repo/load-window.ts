import type { Queryable } from '../../../platform/db/db.ts';
import type { RollupSample } from '../energy/index.ts';

/** Instants [from, to] of one node whose readings changed. */
export interface ChangedSpan {
  nodeId: number;
  from: number;
  to: number;
}

/**
 * The quarter-hour buckets [from, to) of one node to recompute and the stored
 * readings that decide them: all inside, plus the one before and the one after
 * (each sample carries its stored counter highs).
 */
export interface RollupWindow {
  nodeId: number;
  from: number;
  to: number;
  samples: RollupSample[];
}

/**
 * One row per span: its bounds, and its samples as float8 arrays in text form
 * (NULL when nothing is stored). On PGlite every value of a result costs ~10 µs
 * to decode in JavaScript: a 10,000-reading window read as rows took ~10× the
 * SQL's own time, as six arrays per span it takes ~1.5× (issue #9, measured;
 * the kvarh counter and its high, issue #24, made them eight).
 */
interface WindowRow {
  span: number;
  node_id: number;
  a: number;
  b: number;
  ts: string | null;
  kw: string | null;
  fwd: string | null;
  rev: string | null;
  fwd_high: string | null;
  rev_high: string | null;
  kvarh: string | null;
  kvarh_high: string | null;
}

/** The spans as the JSON parameter the window SQL reads. */
function spansParameter(spans: readonly ChangedSpan[]): string {
  return JSON.stringify(
    spans.map((s, index) => ({
      span: index,
      node_id: s.nodeId,
      lo: new Date(s.from).toISOString(),
      hi: new Date(s.to).toISOString(),
    })),
  );
}

/**
 * For each span, the affected quarter-hour buckets [a, b) and the stored
 * readings that decide them. A changed reading alters the intervals to its
 * stored neighbours, so the buckets run from the quarter hour of the reading
 * before the span to the end of the quarter hour of the reading after it. Run
 * AFTER the new readings are stored: a neighbour may be another new reading
 * hours away (a first upload with a gap), and the buckets between must be
 * written too (issue #9). Every span yields one row (its arrays NULL when
 * nothing is stored). Instants are epoch ms: numbers cross the wire far
 * cheaper than timestamps.
 */
const WINDOW_SQL = `
  WITH span AS (
    SELECT * FROM json_to_recordset($1::json)
      AS s(span int, node_id int, lo timestamptz, hi timestamptz)
  ), bounds AS (
    SELECT s.span, s.node_id,
           date_bin('15 minutes', coalesce(p.ts, s.lo), timestamptz '2000-01-01T00:00:00Z') AS a,
           date_bin('15 minutes', coalesce(n.ts, s.hi), timestamptz '2000-01-01T00:00:00Z')
             + interval '15 minutes' AS b
      FROM span s
      LEFT JOIN LATERAL (SELECT r.ts FROM readings r WHERE r.node_id = s.node_id AND r.ts < s.lo
                          ORDER BY r.ts DESC LIMIT 1) p ON true
      LEFT JOIN LATERAL (SELECT r.ts FROM readings r WHERE r.node_id = s.node_id AND r.ts > s.hi
                          ORDER BY r.ts LIMIT 1) n ON true
  )
  SELECT w.span, w.node_id, (extract(epoch FROM w.a) * 1000)::float8 AS a,
         (extract(epoch FROM w.b) * 1000)::float8 AS b,
         array_agg((extract(epoch FROM x.ts) * 1000)::float8) FILTER (WHERE x.ts IS NOT NULL)::text
           AS ts,
         array_agg(x.kw) FILTER (WHERE x.ts IS NOT NULL)::text AS kw,
         array_agg(x.kwh_forward) FILTER (WHERE x.ts IS NOT NULL)::text AS fwd,
         array_agg(x.kwh_reverse) FILTER (WHERE x.ts IS NOT NULL)::text AS rev,
         array_agg(x.kwh_forward_high) FILTER (WHERE x.ts IS NOT NULL)::text AS fwd_high,
         array_agg(x.kwh_reverse_high) FILTER (WHERE x.ts IS NOT NULL)::text AS rev_high,
         array_agg(x.kvarh_lagging) FILTER (WHERE x.ts IS NOT NULL)::text AS kvarh,
         array_agg(x.kvarh_lagging_high) FILTER (WHERE x.ts IS NOT NULL)::text AS kvarh_high
    FROM bounds w
    LEFT JOIN LATERAL (
      (SELECT r.ts, r.kw, r.kwh_forward, r.kwh_reverse, r.kwh_forward_high, r.kwh_reverse_high,
              r.kvarh_lagging, r.kvarh_lagging_high
         FROM readings r WHERE r.node_id = w.node_id AND r.ts < w.a ORDER BY r.ts DESC LIMIT 1)
      UNION ALL
      (SELECT r.ts, r.kw, r.kwh_forward, r.kwh_reverse, r.kwh_forward_high, r.kwh_reverse_high,
              r.kvarh_lagging, r.kvarh_lagging_high
         FROM readings r WHERE r.node_id = w.node_id AND r.ts >= w.a AND r.ts < w.b)
      UNION ALL
      (SELECT r.ts, r.kw, r.kwh_forward, r.kwh_reverse, r.kwh_forward_high, r.kwh_reverse_high,
              r.kvarh_lagging, r.kvarh_lagging_high
         FROM readings r WHERE r.node_id = w.node_id AND r.ts >= w.b ORDER BY r.ts LIMIT 1)
    ) x ON true
   GROUP BY w.span, w.node_id, w.a, w.b`;

/**
 * A float8 array's text form ({1.5,NULL,2}) as numbers. PostgreSQL writes
 * float8 in its shortest exact form (extra_float_digits 1, the default), so
 * Number() gives back the stored double; elements are never quoted.
 */
export function parseFloatArray(text: string | null): (number | null)[] {
  if (text === null || text === '{}') return [];
  return text
    .slice(1, -1)
    .split(',')
    .map((v) => (v === 'NULL' ? null : Number(v)));
}

/** Windows from the rows (in span order), samples sorted by ts. */
function windowsFromRows(rows: readonly WindowRow[]): RollupWindow[] {
  const windows: RollupWindow[] = [];
  for (const row of [...rows].sort((x, y) => x.span - y.span)) {
    const ts = parseFloatArray(row.ts);
    const kw = parseFloatArray(row.kw);
    const forward = parseFloatArray(row.fwd);
    const reverse = parseFloatArray(row.rev);
    const forwardHigh = parseFloatArray(row.fwd_high);
    const reverseHigh = parseFloatArray(row.rev_high);
    const kvarh = parseFloatArray(row.kvarh);
    const kvarhHigh = parseFloatArray(row.kvarh_high);
    const samples: RollupSample[] = ts.map((t, i) => ({
      ts: t!,
      kw: kw[i] ?? null,
      forward: forward[i] ?? null,
      reverse: reverse[i] ?? null,
      forwardHigh: forwardHigh[i] ?? null,
      reverseHigh: reverseHigh[i] ?? null,
      kvarh: kvarh[i] ?? null,
      kvarhHigh: kvarhHigh[i] ?? null,
    }));
    samples.sort((x, y) => x.ts - y.ts);
    windows.push({ nodeId: row.node_id, from: row.a, to: row.b, samples });
  }
  return windows;
}

/** The windows of the spans from what is stored now (new readings included). */
export async function loadRollupWindows(
  tx: Queryable,
  spans: readonly ChangedSpan[],
): Promise<RollupWindow[]> {
  if (spans.length === 0) return [];
  return windowsFromRows(await tx.query<WindowRow>(WINDOW_SQL, [spansParameter(spans)]));
}
