import type { Queryable } from '../../../platform/db/db.ts';
import type { ZoneClock } from '@wattboard/zone-time';

/**
 * Net energy (forward − reverse) per node and local month of `year`, from the
 * daily rollups (a day's bucket starts at local midnight, so it lies in one
 * month): one row a node and day, 366 at most a node.
 */
export async function monthlyNetEnergy(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  year: number,
  clock: ZoneClock,
): Promise<Map<number, Map<string, number>>> {
  const from = clock.startOfDay(`${year}-01-01`);
  const to = clock.startOfDay(`${year + 1}-01-01`);
  const rows = await db.query<{ node_id: number; bucket_start: Date; net: number }>(
    `SELECT node_id, bucket_start, kwh_forward - kwh_reverse AS net FROM rollups_1d
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz`,
    [factoryId, [...nodeIds], new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const byNode = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const month = clock.localParts(row.bucket_start.getTime()).date.slice(0, 7);
    const months = byNode.get(row.node_id) ?? new Map<string, number>();
    months.set(month, (months.get(month) ?? 0) + Number(row.net));
    byNode.set(row.node_id, months);
  }
  return byNode;
}
