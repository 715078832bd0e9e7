import type { Queryable } from '../../../platform/db/db.ts';
import type { HighChange } from '../energy/index.ts';

/** Stores recomputed counter highs (NULL = equal to the value) in one statement. */
export async function writeCounterHighs(
  tx: Queryable,
  changes: readonly HighChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const param = changes.map((c) => ({
    n: c.nodeId,
    t: new Date(c.ts).toISOString(),
    f: c.forward,
    r: c.reverse,
    q: c.kvarh,
  }));
  await tx.query(
    `UPDATE readings r SET kwh_forward_high = x.f, kwh_reverse_high = x.r, kvarh_lagging_high = x.q
       FROM json_to_recordset($1::json) AS x(n int, t timestamptz, f float8, r float8, q float8)
      WHERE r.node_id = x.n AND r.ts = x.t`,
    [JSON.stringify(param)],
  );
}
