import type { Queryable } from '../../../platform/db/db.ts';
import type { ChannelRollup } from '../calc/energy-figures.ts';
import type { RollupRead, RollupTableName } from '../calc/energy-intervals.ts';

const TABLES: readonly RollupTableName[] = ['rollups_15m', 'rollups_1h', 'rollups_1d'];
const iso = (t: number) => new Date(t).toISOString();

/**
 * The channels' rollup rows of each planned read (bucket starts in [from, to)),
 * each read one index range scan per node on (node_id, bucket_start).
 */
export async function channelRollups(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  reads: readonly RollupRead[],
): Promise<ChannelRollup[]> {
  if (nodeIds.length === 0) return [];
  const parts = await Promise.all(
    reads.map(async (read) => {
      // The table name comes from the fixed list above, never from input.
      const table = TABLES.find((name) => name === read.table) ?? 'rollups_15m';
      const rows = await db.query<{
        node_id: number;
        bucket_start: Date;
        kwh_forward: number;
        kwh_reverse: number;
        kvarh_lagging: number | null;
        max_kw: number | null;
      }>(
        `SELECT node_id, bucket_start, kwh_forward, kwh_reverse, kvarh_lagging, max_kw
           FROM ${table}
          WHERE factory_id = $1 AND node_id = ANY($2::int[])
            AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz`,
        [factoryId, [...nodeIds], iso(read.from), iso(read.to)],
      );
      return rows.map((row) => ({
        nodeId: row.node_id,
        start: row.bucket_start.getTime(),
        kwhForward: row.kwh_forward,
        kwhReverse: row.kwh_reverse,
        kvarhLagging: row.kvarh_lagging,
        maxKw: row.max_kw,
      }));
    }),
  );
  return parts.flat();
}
