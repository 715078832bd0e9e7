import type { Queryable } from '../../../platform/db/db.ts';
import type { InstantRange } from '../../monitor/index.ts';

/**
 * Reads of the rollup tables. Ranges select buckets by their start, so a range
 * [from, to) holds exactly the buckets that begin inside it. Every query is an
 * index range scan on (node_id, bucket_start) and filters by factory too, so a
 * node id alone can never reach another factory's rows.
 */

export interface EnergyTotals {
  forward: number;
  reverse: number;
  /**
   * Lagging reactive energy, kvarh (issue #24): null unless every bucket of the
   * node in the range has it (a part without the counter is unknown, not 0).
   */
  kvarhLagging: number | null;
  /** Highest demand of a complete 15-minute block; null when there is none. */
  maxDemandKw: number | null;
}

const iso = (t: number) => new Date(t).toISOString();

/**
 * Energy and highest block demand per node over the range, from the 15-minute
 * rollups. Energy counts every bucket (the one in progress holds its energy so
 * far); demand only the blocks that began before `blocksBefore` — complete
 * blocks when it is the current block's start, as a utility counts them, so a
 * maximum never shows a block still filling up.
 */
export async function energyTotals(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: InstantRange,
  blocksBefore: number = range.to,
): Promise<Map<number, EnergyTotals>> {
  const rows = await db.query<{
    node_id: number;
    forward: number;
    reverse: number;
    kvarh: number | null;
    max_demand_kw: number | null;
  }>(
    `SELECT node_id, sum(kwh_forward) AS forward, sum(kwh_reverse) AS reverse,
            CASE WHEN count(kvarh_lagging) = count(*) THEN sum(kvarh_lagging) END AS kvarh,
            max(coalesce(max_demand_kw, avg_kw))
              FILTER (WHERE bucket_start < $5::timestamptz) AS max_demand_kw
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY node_id`,
    [factoryId, [...nodeIds], iso(range.from), iso(range.to), iso(blocksBefore)],
  );
  return new Map(
    rows.map((row) => [
      row.node_id,
      {
        forward: row.forward,
        reverse: row.reverse,
        kvarhLagging: row.kvarh,
        maxDemandKw: row.max_demand_kw,
      },
    ]),
  );
}

/** The local day that is still running, and the start of its block in progress. */
export interface OpenDay {
  from: number;
  blocksBefore: number;
}

/**
 * Highest 15-minute block demand per node over whole local days (a month): the
 * daily rollups' maxima, and for the day still running (`open`) its complete
 * blocks only, from the 15-minute rollups (see energyTotals).
 */
export async function maxDemandOverDays(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  days: InstantRange,
  open?: OpenDay,
): Promise<Map<number, number>> {
  const closedTo = open ? Math.max(days.from, Math.min(days.to, open.from)) : days.to;
  const blocksTo = open ? Math.min(days.to, open.blocksBefore) : days.to;
  const rows = await db.query<{ node_id: number; max_demand_kw: number | null }>(
    `SELECT node_id, max(demand_kw) AS max_demand_kw FROM (
       SELECT node_id, max_demand_kw AS demand_kw FROM rollups_1d
        WHERE factory_id = $1 AND node_id = ANY($2::int[])
          AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
       UNION ALL
       SELECT node_id, coalesce(max_demand_kw, avg_kw) FROM rollups_15m
        WHERE factory_id = $1 AND node_id = ANY($2::int[])
          AND bucket_start >= $4::timestamptz AND bucket_start < $5::timestamptz
     ) blocks
      GROUP BY node_id`,
    [factoryId, [...nodeIds], iso(days.from), iso(closedTo), iso(Math.max(closedTo, blocksTo))],
  );
  return new Map(
    rows.flatMap((row) => (row.max_demand_kw === null ? [] : [[row.node_id, row.max_demand_kw]])),
  );
}

/** One rollup row of a node. */
export interface RollupRow {
  start: number;
  kwhForward: number;
  kwhReverse: number;
  maxKw: number | null;
}

export type RollupTable = 'rollups_15m' | 'rollups_1h';

/** A node's rollup rows in time order: 15-minute or factory-local hourly buckets. */
export async function rollupRows(
  db: Queryable,
  table: RollupTable,
  factoryId: number,
  nodeId: number,
  range: InstantRange,
): Promise<RollupRow[]> {
  const rows = await db.query<{
    bucket_start: Date;
    kwh_forward: number;
    kwh_reverse: number;
    max_kw: number | null;
  }>(
    `SELECT bucket_start, kwh_forward, kwh_reverse, max_kw
       FROM ${table === 'rollups_1h' ? 'rollups_1h' : 'rollups_15m'}
      WHERE factory_id = $1 AND node_id = $2
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      ORDER BY bucket_start`,
    [factoryId, nodeId, iso(range.from), iso(range.to)],
  );
  return rows.map((row) => ({
    start: row.bucket_start.getTime(),
    kwhForward: row.kwh_forward,
    kwhReverse: row.kwh_reverse,
    maxKw: row.max_kw,
  }));
}

/** Energy of a node summed over many time windows (the consumption query's segments). */
export async function energyInWindows(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  windows: readonly InstantRange[],
): Promise<{ forward: number; reverse: number }> {
  if (windows.length === 0) return { forward: 0, reverse: 0 };
  // LATERAL makes each window one index range scan; a plain join lets the
  // planner scan the node's whole history, so the cost grew with its age.
  const rows = await db.query<{ forward: number | null; reverse: number | null }>(
    `SELECT sum(s.forward) AS forward, sum(s.reverse) AS reverse
       FROM unnest($3::timestamptz[], $4::timestamptz[]) AS w (from_ts, to_ts)
       CROSS JOIN LATERAL (
         SELECT sum(r.kwh_forward) AS forward, sum(r.kwh_reverse) AS reverse
           FROM rollups_15m r
          WHERE r.node_id = $2 AND r.factory_id = $1
            AND r.bucket_start >= w.from_ts AND r.bucket_start < w.to_ts
       ) s`,
    [factoryId, nodeId, windows.map((w) => iso(w.from)), windows.map((w) => iso(w.to))],
  );
  return { forward: rows[0]?.forward ?? 0, reverse: rows[0]?.reverse ?? 0 };
}
