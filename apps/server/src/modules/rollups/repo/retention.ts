import type { Db } from '../../../platform/db/db.ts';
import { DAY_MS } from '@wattboard/zone-time';

/**
 * Deletes raw readings older than the cut-off (RAW_RETENTION_DAYS,
 * default 400). Rollups and latest_readings stay. One factory at a time, so each
 * delete walks the (factory_id, ts) index. Returns how many readings went.
 */
export async function pruneRawReadings(
  db: Db,
  olderThanDays: number,
  now: Date = new Date(),
): Promise<number> {
  if (!Number.isFinite(olderThanDays) || olderThanDays < 1) {
    throw new Error(`Raw retention must be at least 1 day, got ${olderThanDays}`);
  }
  const cutoff = new Date(now.getTime() - olderThanDays * DAY_MS);
  const factories = await db.query<{ id: number }>('SELECT id FROM factories ORDER BY id');
  let deleted = 0;
  for (const { id } of factories) {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM readings WHERE factory_id = $1 AND ts < $2 RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [id, cutoff.toISOString()],
    );
    deleted += rows[0]?.n ?? 0;
  }
  return deleted;
}
