import type { Queryable } from '../../../platform/db/db.ts';
import type { InstantRange } from '../../monitor/index.ts';

const iso = (t: number) => new Date(t).toISOString();

/**
 * Net kWh (forward − reverse, as the rollups book each node) of every node in
 * every segment, from the 15-minute rollups: a bucket counts in the segment
 * its start falls in. The segments are contiguous, so one index range scan per
 * node over the whole range, grouped by width_bucket over the segments'
 * starts, sums them all (measured against one LATERAL scan per segment: see
 * docs/decisions/0049-tariffs-and-cost.md: 4× faster). The factory filter keeps another factory's
 * rows out whatever ids are passed. Returns per node an array aligned with
 * `segments`.
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
  const first = segments[0];
  const last = segments.at(-1);
  if (nodeIds.length === 0 || !first || !last) return out;
  const rows = await db.query<{ i: string | number; node_id: number; kwh: number | null }>(
    `SELECT width_bucket(bucket_start, $5::timestamptz[]) AS i, node_id,
            sum(kwh_forward - kwh_reverse) AS kwh
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY 1, 2`,
    [factoryId, [...nodeIds], iso(first.from), iso(last.to), segments.map((s) => iso(s.from))],
  );
  for (const row of rows) {
    const list = out.get(row.node_id);
    const index = Number(row.i) - 1;
    if (list && index >= 0 && index < list.length) list[index] = row.kwh ?? 0;
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
  // Same block figure as the Overview's month maximum (modules/rollups/repo/rollups.ts).
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

/** peakBlock of several nodes over one range, in one query: node id → its highest block. */
export async function peakBlocks(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: InstantRange,
): Promise<Map<number, { kw: number; start: number }>> {
  if (nodeIds.length === 0 || range.to <= range.from) return new Map();
  const rows = await db.query<{ node_id: number; bucket_start: Date; kw: number }>(
    `SELECT DISTINCT ON (node_id) node_id, bucket_start, coalesce(max_demand_kw, avg_kw) AS kw
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
        AND coalesce(max_demand_kw, avg_kw) IS NOT NULL
      ORDER BY node_id, kw DESC, bucket_start`,
    [factoryId, [...nodeIds], iso(range.from), iso(range.to)],
  );
  return new Map(
    rows.map((row) => [row.node_id, { kw: row.kw, start: row.bucket_start.getTime() }]),
  );
}

/**
 * Each node's imported kWh and lagging kvarh over the range, for the bill's
 * power factor. kvarh is null unless every 15-minute bucket of the node in the
 * range has it (migration 021: null means not measured; a partial sum would
 * overstate the power factor).
 */
export async function reactiveEnergy(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: InstantRange,
): Promise<Map<number, { kwh: number; kvarh: number | null }>> {
  if (nodeIds.length === 0 || range.to <= range.from) return new Map();
  const rows = await db.query<{ node_id: number; kwh: number | null; kvarh: number | null }>(
    `SELECT node_id, sum(kwh_forward) AS kwh,
            CASE WHEN count(*) = count(kvarh_lagging) THEN sum(kvarh_lagging) END AS kvarh
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY node_id`,
    [factoryId, [...nodeIds], iso(range.from), iso(range.to)],
  );
  return new Map(rows.map((row) => [row.node_id, { kwh: row.kwh ?? 0, kvarh: row.kvarh }]));
}

/** One node's rollups in one rate segment, as a bill needs them. */
export interface SegmentBillFigures {
  /** Net kWh (forward − reverse). */
  kwh: number;
  /** kW: the highest block that began before `completeBefore`; null without one. */
  maxKw: number | null;
  /** Imported kWh, and lagging kvarh (null unless every bucket of the segment has it). */
  kwhForward: number;
  kvarh: number | null;
}

/**
 * Everything a bill reads from the rollups, per node per rate segment, in one
 * index range scan (segmentEnergy's grouping): net kWh, the highest complete
 * block, imported kWh and lagging kvarh. Four scans became one (the bench's
 * year of bills for ten points: see docs/cost.md). Per node an array aligned
 * with `segments`; a segment without rows is absent (undefined).
 */
export async function segmentBillFigures(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  segments: readonly InstantRange[],
  completeBefore: number,
): Promise<Map<number, (SegmentBillFigures | undefined)[]>> {
  const out = new Map<number, (SegmentBillFigures | undefined)[]>(
    nodeIds.map((id) => [id, new Array<SegmentBillFigures | undefined>(segments.length)]),
  );
  const first = segments[0];
  const last = segments.at(-1);
  if (nodeIds.length === 0 || !first || !last) return out;
  // A period that has ended has only complete blocks: the filter, evaluated on every row, is
  // left out (about 5 % of a year of bills on PGlite, docs/cost.md).
  const ended = completeBefore >= last.to;
  const maxOfBlocks = ended
    ? 'max(coalesce(max_demand_kw, avg_kw))'
    : 'max(coalesce(max_demand_kw, avg_kw)) FILTER (WHERE bucket_start < $6::timestamptz)';
  const rows = await db.query<{
    i: string | number;
    node_id: number;
    kwh: number | null;
    max_kw: number | null;
    kwh_forward: number | null;
    kvarh: number | null;
  }>(
    `SELECT width_bucket(bucket_start, $5::timestamptz[]) AS i, node_id,
            sum(kwh_forward - kwh_reverse) AS kwh,
            ${maxOfBlocks} AS max_kw,
            sum(kwh_forward) AS kwh_forward,
            CASE WHEN count(*) = count(kvarh_lagging) THEN sum(kvarh_lagging) END AS kvarh
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY 1, 2`,
    [
      factoryId,
      [...nodeIds],
      iso(first.from),
      iso(last.to),
      segments.map((s) => iso(s.from)),
      ...(ended ? [] : [iso(completeBefore)]),
    ],
  );
  for (const row of rows) {
    const list = out.get(row.node_id);
    const index = Number(row.i) - 1;
    if (!list || index < 0 || index >= list.length) continue;
    list[index] = {
      kwh: row.kwh ?? 0,
      maxKw: row.max_kw,
      kwhForward: row.kwh_forward ?? 0,
      kvarh: row.kvarh,
    };
  }
  return out;
}
