import type { Queryable } from '../../db/db.ts';
import type { InstantRange } from '../../domain/monitor/time-range.ts';

const iso = (t: number) => new Date(t).toISOString();

/**
 * Net kWh (forward − reverse, as the rollups book each node) of every node in
 * every segment, from the 15-minute rollups: a bucket counts in the segment
 * its start falls in. LATERAL makes each segment one index range scan on
 * (node_id, bucket_start); the factory filter keeps another factory's rows
 * out whatever ids are passed. Returns per node an array aligned with `segments`.
 */
export async function segmentEnergy(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  segments: readonly InstantRange[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(
    nodeIds.map((id) => [id, new Array<number>(segments.length).fill(0)]),
  );
  if (nodeIds.length === 0 || segments.length === 0) return out;
  const rows = await db.query<{ i: string | number; node_id: number; kwh: number | null }>(
    `SELECT s.i, r.node_id, sum(r.kwh_forward - r.kwh_reverse) AS kwh
       FROM unnest($3::timestamptz[], $4::timestamptz[]) WITH ORDINALITY AS s (from_ts, to_ts, i)
       CROSS JOIN LATERAL (
         SELECT node_id, kwh_forward, kwh_reverse FROM rollups_15m
          WHERE factory_id = $1 AND node_id = ANY($2::int[])
            AND bucket_start >= s.from_ts AND bucket_start < s.to_ts
       ) r
      GROUP BY s.i, r.node_id`,
    [factoryId, [...nodeIds], segments.map((s) => iso(s.from)), segments.map((s) => iso(s.to))],
  );
  for (const row of rows) {
    const list = out.get(row.node_id);
    if (list) list[Number(row.i) - 1] = row.kwh ?? 0;
  }
  return out;
}

/** The highest 15-minute block demand of a node over the range, and when its block began. */
export async function peakBlock(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  range: InstantRange,
): Promise<{ kw: number; start: number } | null> {
  // Same block figure as the Overview's month maximum (queries/rollups.ts).
  const rows = await db.query<{ bucket_start: Date; kw: number }>(
    `SELECT bucket_start, coalesce(max_demand_kw, avg_kw) AS kw FROM rollups_15m
      WHERE factory_id = $1 AND node_id = $2
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
        AND coalesce(max_demand_kw, avg_kw) IS NOT NULL
      ORDER BY kw DESC, bucket_start LIMIT 1`,
    [factoryId, nodeId, iso(range.from), iso(range.to)],
  );
  const row = rows[0];
  return row ? { kw: row.kw, start: row.bucket_start.getTime() } : null;
}
