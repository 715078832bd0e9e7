/**
 * The set-based writes of the rollups: each is ONE multi-row
 * INSERT ... ON CONFLICT DO UPDATE, its rows passed as a single JSON parameter.
 * Rows whose values did not change are left alone (no dead tuples for nothing).
 * json, not jsonb: each parameter is read once, and json parses cheaper.
 */
import type { Queryable } from '../../../platform/db/db.ts';
import type { Bucket, QuarterRollup, TimeRange } from '../energy/index.ts';

const iso = (ms: number) => new Date(ms).toISOString();

const UPDATE_CHANGED = `
  ON CONFLICT (node_id, bucket_start, factory_id) DO UPDATE SET
    kwh_forward = EXCLUDED.kwh_forward, kwh_reverse = EXCLUDED.kwh_reverse,
    kvarh_lagging = EXCLUDED.kvarh_lagging,
    avg_kw = EXCLUDED.avg_kw, max_kw = EXCLUDED.max_kw, min_kw = EXCLUDED.min_kw,
    samples = EXCLUDED.samples, max_demand_kw = EXCLUDED.max_demand_kw, updated_at = now()
  WHERE (t.kwh_forward, t.kwh_reverse, t.kvarh_lagging, t.avg_kw, t.max_kw, t.min_kw, t.samples,
         t.max_demand_kw)
    IS DISTINCT FROM (EXCLUDED.kwh_forward, EXCLUDED.kwh_reverse, EXCLUDED.kvarh_lagging,
                      EXCLUDED.avg_kw, EXCLUDED.max_kw, EXCLUDED.min_kw, EXCLUDED.samples,
                      EXCLUDED.max_demand_kw)`;

const COLUMNS = `(factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, kvarh_lagging, avg_kw,
                  max_kw, min_kw, samples, max_demand_kw)`;

/**
 * kvarh of a sum of rows (members of a virtual node, the quarters of an hour):
 * their sum when every row has it, else NULL. A part without the counter is
 * unknown, not 0, and a partial sum would overstate the power factor (issue #24).
 */
const kvarhOfAll = (column: string) =>
  `CASE WHEN count(${column}) = count(*) THEN sum(${column}) END`;

export interface NodeQuarterRollup extends QuarterRollup {
  nodeId: number;
}

/** Writes the computed 15-minute rows of measured nodes. */
export async function upsertQuarterRollups(
  tx: Queryable,
  factoryId: number,
  rows: readonly NodeQuarterRollup[],
): Promise<void> {
  if (rows.length === 0) return;
  const param = rows.map((r) => ({
    n: r.nodeId,
    s: iso(r.start),
    f: r.kwhForward,
    r: r.kwhReverse,
    q: r.kvarhLagging,
    a: r.avgKw,
    hi: r.maxKw,
    lo: r.minKw,
    c: r.samples,
    d: r.maxDemandKw,
  }));
  await tx.query(
    `INSERT INTO rollups_15m AS t ${COLUMNS}
     SELECT $1, x.n, x.s, x.f, x.r, x.q, x.a, x.hi, x.lo, x.c, x.d
       FROM json_to_recordset($2::json)
         AS x(n int, s timestamptz, f float8, r float8, q float8, a float8, hi float8, lo float8,
              c int, d float8)
     ${UPDATE_CHANGED}`,
    [factoryId, JSON.stringify(param)],
  );
}

export interface VirtualRange extends TimeRange {
  virtualId: number;
}

/**
 * Recomputes the 15-minute rows of virtual nodes in the given (disjoint per node)
 * ranges as the sum of their members' rows. Their max and min kW are the summed
 * average import kW: instantaneous readings of different meters are not
 * simultaneous, so adding them would be meaningless. Their demand is the net draw
 * of the sum (a solar member offsets the loads, as at the utility's meter), never
 * below 0, as netDemandKw computes it for a measured node. Their kvarh is the
 * members' sum only when every member row has one (kvarhOfAll).
 */
export async function upsertVirtualQuarterRollups(
  tx: Queryable,
  factoryId: number,
  ranges: readonly VirtualRange[],
  members: ReadonlyMap<number, readonly number[]>,
): Promise<void> {
  if (ranges.length === 0) return;
  const rangeParam = ranges.map((r) => ({ v: r.virtualId, f: iso(r.from), t: iso(r.to) }));
  const virtualIds = new Set(ranges.map((r) => r.virtualId));
  const memberParam = [...virtualIds].flatMap((v) => (members.get(v) ?? []).map((m) => ({ v, m })));
  if (memberParam.length === 0) return;
  await tx.query(
    `INSERT INTO rollups_15m AS t ${COLUMNS}
     SELECT $1, g.v, r.bucket_start, sum(r.kwh_forward), sum(r.kwh_reverse),
            ${kvarhOfAll('r.kvarh_lagging')},
            sum(r.kwh_forward) / 0.25, sum(r.kwh_forward) / 0.25, sum(r.kwh_forward) / 0.25,
            sum(r.samples)::int, greatest(sum(r.kwh_forward) - sum(r.kwh_reverse), 0) / 0.25
       FROM json_to_recordset($2::json) AS g(v int, f timestamptz, t timestamptz)
       JOIN json_to_recordset($3::json) AS m(v int, m int) ON m.v = g.v
       -- LATERAL keeps this an index range scan per member whatever the table's size.
       CROSS JOIN LATERAL (
         SELECT q.bucket_start, q.kwh_forward, q.kwh_reverse, q.kvarh_lagging, q.samples
           FROM rollups_15m q
          WHERE q.node_id = m.m AND q.bucket_start >= g.f AND q.bucket_start < g.t
         OFFSET 0 -- keeps the planner from flattening it into a hash join over the whole table
       ) r
      GROUP BY g.v, r.bucket_start
     ${UPDATE_CHANGED}`,
    [factoryId, JSON.stringify(rangeParam), JSON.stringify(memberParam)],
  );
}

export interface NodeBucket extends Bucket {
  nodeId: number;
}

/**
 * Recomputes hourly (from 15-minute) or daily (from hourly) rows of the given
 * buckets by aggregating the finer table: energy and samples add up (kvarh only
 * when every finer row has it), max/min and demand take the extreme, avg_kw is
 * the energy over the bucket's real length (a DST day has 23 or 25 hours).
 */
export async function upsertCoarseRollups(
  tx: Queryable,
  factoryId: number,
  table: 'rollups_1h' | 'rollups_1d',
  buckets: readonly NodeBucket[],
): Promise<void> {
  if (buckets.length === 0) return;
  const source = table === 'rollups_1h' ? 'rollups_15m' : 'rollups_1h';
  const param = buckets.map((b) => ({
    n: b.nodeId,
    s: iso(b.start),
    e: iso(b.end),
    h: (b.end - b.start) / 3_600_000,
  }));
  await tx.query(
    `INSERT INTO ${table} AS t ${COLUMNS}
     SELECT $1, b.n, b.s, a.kwh_forward, a.kwh_reverse, a.kvarh_lagging, a.kwh_forward / b.h,
            a.max_kw, a.min_kw, a.samples, a.max_demand_kw
       FROM json_to_recordset($2::json) AS b(n int, s timestamptz, e timestamptz, h float8)
       -- LATERAL keeps this an index range scan per bucket whatever the table's size.
       CROSS JOIN LATERAL (
         SELECT sum(r.kwh_forward) AS kwh_forward, sum(r.kwh_reverse) AS kwh_reverse,
                ${kvarhOfAll('r.kvarh_lagging')} AS kvarh_lagging,
                max(r.max_kw) AS max_kw, min(r.min_kw) AS min_kw,
                sum(r.samples)::int AS samples, max(r.max_demand_kw) AS max_demand_kw,
                count(*) AS n
           FROM ${source} r
          WHERE r.node_id = b.n AND r.bucket_start >= b.s AND r.bucket_start < b.e
       ) a
      WHERE a.n > 0
     ${UPDATE_CHANGED}`,
    [factoryId, JSON.stringify(param)],
  );
}
