import type { Queryable } from '../../../platform/db/db.ts';
import type { RollupSample } from '../../rollups/index.ts';
import type { InstantRange } from '../calc/time-range.ts';

/**
 * Raw readings of the nodes in [from, to), plus each node's reading just
 * before and just after the range, so the intervals crossing the range's
 * edges are split exactly. Only short ranges come here (1- and 5-minute
 * charts); each part is an index range scan on (node_id, ts).
 */
export async function rawSamples(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: InstantRange,
): Promise<Map<number, RollupSample[]>> {
  const rows = await db.query<{
    node_id: number;
    ts: Date;
    kw: number | null;
    kwh_forward: number | null;
    kwh_reverse: number | null;
    kwh_forward_high: number | null;
    kwh_reverse_high: number | null;
  }>(
    `SELECT node_id, ts, kw, kwh_forward, kwh_reverse, kwh_forward_high, kwh_reverse_high FROM (
       SELECT node_id, ts, kw, kwh_forward, kwh_reverse, kwh_forward_high, kwh_reverse_high
         FROM readings
        WHERE factory_id = $1 AND node_id = ANY($2::int[])
          AND ts >= $3::timestamptz AND ts < $4::timestamptz
       UNION ALL
       SELECT edge.* FROM unnest($2::int[]) AS m (id) CROSS JOIN LATERAL (
         SELECT node_id, ts, kw, kwh_forward, kwh_reverse, kwh_forward_high, kwh_reverse_high
           FROM readings
          WHERE factory_id = $1 AND node_id = m.id AND ts < $3::timestamptz
          ORDER BY ts DESC LIMIT 1) AS edge
       UNION ALL
       SELECT edge.* FROM unnest($2::int[]) AS m (id) CROSS JOIN LATERAL (
         SELECT node_id, ts, kw, kwh_forward, kwh_reverse, kwh_forward_high, kwh_reverse_high
           FROM readings
          WHERE factory_id = $1 AND node_id = m.id AND ts >= $4::timestamptz
          ORDER BY ts LIMIT 1) AS edge
     ) AS samples
     ORDER BY node_id, ts`,
    [factoryId, [...nodeIds], new Date(range.from).toISOString(), new Date(range.to).toISOString()],
  );
  const byNode = new Map<number, RollupSample[]>(nodeIds.map((id) => [id, []]));
  for (const row of rows) {
    byNode.get(row.node_id)?.push({
      ts: row.ts.getTime(),
      kw: row.kw,
      forward: row.kwh_forward,
      reverse: row.kwh_reverse,
      // The counters' state before the range (issue #9), so a chart agrees with the rollups.
      forwardHigh: row.kwh_forward_high,
      reverseHigh: row.kwh_reverse_high,
    });
  }
  return byNode;
}
