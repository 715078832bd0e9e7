import type { Queryable } from '../../../platform/db/db.ts';

/** The oldest 15-minute bucket of the nodes (one primary-key probe per node), or null. */
export async function oldestBucket(
  db: Queryable,
  nodeIds: readonly number[],
): Promise<number | null> {
  const rows = await db.query<{ oldest: Date | null }>(
    `SELECT min(q.bucket_start) AS oldest FROM unnest($1::int[]) AS n(id)
       CROSS JOIN LATERAL (SELECT bucket_start FROM rollups_15m WHERE node_id = n.id
                            ORDER BY bucket_start LIMIT 1) q`,
    [nodeIds],
  );
  const oldest = rows[0]?.oldest;
  return oldest ? new Date(oldest).getTime() : null;
}

/** Deletes rows of the nodes in [lower, upper); a null bound is open (the first / last day). */
export async function deleteRollupRows(
  tx: Queryable,
  table: 'rollups_15m' | 'rollups_1h' | 'rollups_1d',
  nodeIds: readonly number[],
  lower: number | null,
  upper: number | null,
) {
  await tx.query(
    `DELETE FROM ${table} WHERE node_id = ANY($1::int[])
        AND ($2::timestamptz IS NULL OR bucket_start >= $2)
        AND ($3::timestamptz IS NULL OR bucket_start < $3)`,
    [
      nodeIds,
      lower === null ? null : new Date(lower).toISOString(),
      upper === null ? null : new Date(upper).toISOString(),
    ],
  );
}
