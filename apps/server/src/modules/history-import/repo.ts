import type { Queryable } from '../../platform/db/db.ts';

/**
 * The kWh counter of each node's latest reading before a given time (the base
 * an interval file's running sum continues from, decision 0070). One query
 * for the chunk; the (node_id, ts) primary key makes each lookup an index probe.
 */
export async function countersBefore(
  db: Queryable,
  factoryId: number,
  firsts: readonly { nodeId: number; before: Date }[],
): Promise<Map<number, number>> {
  if (firsts.length === 0) return new Map();
  const rows = await db.query<{ node_id: number; kwh_forward: number }>(
    `SELECT f.node_id, r.kwh_forward
       FROM unnest($2::int[], $3::timestamptz[]) AS f(node_id, before)
       CROSS JOIN LATERAL (
         SELECT kwh_forward FROM readings
          WHERE factory_id = $1 AND node_id = f.node_id AND ts < f.before
            AND kwh_forward IS NOT NULL
          ORDER BY ts DESC LIMIT 1) r`,
    [
      factoryId,
      firsts.map((first) => first.nodeId),
      firsts.map((first) => first.before.toISOString()),
    ],
  );
  return new Map(rows.map((row) => [Number(row.node_id), Number(row.kwh_forward)]));
}

export interface StoredSpan {
  /** The node's newest reading time (ms). */
  last: number;
  /** Reading times (ms) stored between the asked bounds, inclusive. */
  within: Set<number>;
}

/**
 * Per node: its newest reading, and which times between `from` and `to` are
 * stored already (a row there is a repeat, not a collision with later data).
 */
export async function storedSpans(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, StoredSpan>> {
  if (nodeIds.length === 0) return new Map();
  const lasts = await db.query<{ node_id: number; last: Date }>(
    `SELECT n.node_id, r.ts AS last
       FROM unnest($2::int[]) AS n(node_id)
       CROSS JOIN LATERAL (
         SELECT ts FROM readings WHERE factory_id = $1 AND node_id = n.node_id
          ORDER BY ts DESC LIMIT 1) r`,
    [factoryId, nodeIds],
  );
  const spans = new Map<number, StoredSpan>(
    lasts.map((row) => [
      Number(row.node_id),
      { last: new Date(row.last).getTime(), within: new Set() },
    ]),
  );
  if (spans.size === 0) return spans;
  const times = await db.query<{ node_id: number; ts: Date }>(
    `SELECT node_id, ts FROM readings
      WHERE factory_id = $1 AND node_id = ANY($2::int[]) AND ts BETWEEN $3 AND $4`,
    [factoryId, [...spans.keys()], from.toISOString(), to.toISOString()],
  );
  for (const row of times) spans.get(Number(row.node_id))?.within.add(new Date(row.ts).getTime());
  return spans;
}
