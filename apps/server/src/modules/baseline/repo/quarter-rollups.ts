import type { Queryable } from '../../../platform/db/db.ts';
import type { QuarterEnergy } from '../calc/baseline.ts';

/** A point's 15-minute rollups over a range, oldest first, with how many readings each holds. */
export async function quarterRollups(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  range: { from: number; to: number },
): Promise<QuarterEnergy[]> {
  const rows = await db.query<{
    bucket_start: Date;
    kwh_forward: number;
    kwh_reverse: number;
    samples: number;
  }>(
    `SELECT bucket_start, kwh_forward, kwh_reverse, samples FROM rollups_15m
      WHERE factory_id = $1 AND node_id = $2
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      ORDER BY bucket_start`,
    [factoryId, nodeId, new Date(range.from).toISOString(), new Date(range.to).toISOString()],
  );
  return rows.map((row) => ({
    start: new Date(row.bucket_start).getTime(),
    kwhForward: Number(row.kwh_forward),
    kwhReverse: Number(row.kwh_reverse),
    samples: Number(row.samples),
  }));
}
