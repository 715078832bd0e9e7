import type { Queryable } from '../db/db.ts';
import type { RollupSample } from '../domain/energy/index.ts';

/** Instants [from, to] of one node whose readings changed. */
export interface ChangedSpan {
  nodeId: number;
  from: number;
  to: number;
}

/** The quarter-hour buckets [from, to) a span affects and the readings that decide them. */
export interface RollupWindow {
  nodeId: number;
  from: number;
  to: number;
  samples: RollupSample[];
}

export interface WindowRow {
  span: number;
  node_id: number;
  a: number;
  b: number;
  ts: number | null;
  kw: number | null;
  kwh_forward: number | null;
  kwh_reverse: number | null;
}

/** The spans as the JSON parameter the window SQL reads. */
export function spansParameter(spans: readonly ChangedSpan[]): string {
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
 * CTEs ending in `win`: for each span, the affected quarter-hour buckets [a, b)
 * and the stored readings that decide them. A changed reading alters the
 * intervals to its stored neighbours, so the buckets run from the quarter hour
 * of the reading before the span to the end of the quarter hour of the reading
 * after it; to recompute them exactly, `win` holds their readings plus the one
 * before and the one after. Every span yields at least one row (ts NULL when
 * nothing is stored). Instants are epoch ms: numbers cross the wire far cheaper
 * than timestamps.
 */
export function windowCtes(spansParam: string): string {
  return `span AS (
       SELECT * FROM jsonb_to_recordset(${spansParam}::jsonb)
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
     ), win AS (
       SELECT w.span, w.node_id, (extract(epoch FROM w.a) * 1000)::float8 AS a,
              (extract(epoch FROM w.b) * 1000)::float8 AS b,
              (extract(epoch FROM x.ts) * 1000)::float8 AS ts, x.kw, x.kwh_forward, x.kwh_reverse
         FROM bounds w
         LEFT JOIN LATERAL (
           (SELECT r.ts, r.kw, r.kwh_forward, r.kwh_reverse FROM readings r
             WHERE r.node_id = w.node_id AND r.ts < w.a ORDER BY r.ts DESC LIMIT 1)
           UNION ALL
           (SELECT r.ts, r.kw, r.kwh_forward, r.kwh_reverse FROM readings r
             WHERE r.node_id = w.node_id AND r.ts >= w.a AND r.ts < w.b)
           UNION ALL
           (SELECT r.ts, r.kw, r.kwh_forward, r.kwh_reverse FROM readings r
             WHERE r.node_id = w.node_id AND r.ts >= w.b ORDER BY r.ts LIMIT 1)
         ) x ON true
     )`;
}

/** Windows from `win` rows (in span order), samples sorted by ts. */
export function windowsFromRows(rows: readonly WindowRow[]): RollupWindow[] {
  const windows = new Map<number, RollupWindow>();
  for (const row of rows) {
    let window = windows.get(row.span);
    if (!window) {
      window = { nodeId: row.node_id, from: row.a, to: row.b, samples: [] };
      windows.set(row.span, window);
    }
    if (row.ts === null) continue;
    window.samples.push({
      ts: row.ts,
      kw: row.kw,
      forward: row.kwh_forward,
      reverse: row.kwh_reverse,
    });
  }
  for (const window of windows.values()) window.samples.sort((x, y) => x.ts - y.ts);
  return [...windows.values()];
}

/** The windows of the spans from what is stored now (recomputation after the fact). */
export async function loadRollupWindows(
  tx: Queryable,
  spans: readonly ChangedSpan[],
): Promise<RollupWindow[]> {
  if (spans.length === 0) return [];
  const rows = await tx.query<WindowRow>(`WITH ${windowCtes('$1')} SELECT * FROM win`, [
    spansParameter(spans),
  ]);
  return windowsFromRows(rows);
}

/**
 * A window read before new readings of its node were stored, completed with
 * them: the samples that decide the window's buckets are those inside it plus
 * the nearest one on each side, old or new.
 */
export function withNewSamples(
  window: RollupWindow,
  newSamples: readonly RollupSample[],
): RollupWindow {
  const all = [...window.samples, ...newSamples].sort((x, y) => x.ts - y.ts);
  const firstInside = all.findIndex((s) => s.ts >= window.from);
  const firstAfter = all.findIndex((s) => s.ts >= window.to);
  const start = Math.max((firstInside === -1 ? all.length : firstInside) - 1, 0);
  const end = firstAfter === -1 ? all.length : firstAfter + 1;
  return { ...window, samples: all.slice(start, end) };
}
