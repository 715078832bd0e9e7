import type { Queryable } from '../../db/db.ts';

/** A detect node's reading older than this is no signal: the channel keeps its state. */
export const DETECT_FRESH_MS = 5 * 60_000;

/** The factory's nodes' latest consumption, kW, from readings fresher than DETECT_FRESH_MS. */
export async function detectKw(
  db: Queryable,
  factoryId: number,
  now: number,
): Promise<Map<number, number>> {
  const rows = await db.query<{ node_id: number; kw: number | null }>(
    `SELECT node_id, kw FROM latest_readings
      WHERE factory_id = $1 AND ts > $2::timestamptz AND kw IS NOT NULL`,
    [factoryId, new Date(now - DETECT_FRESH_MS).toISOString()],
  );
  return new Map(rows.map((row) => [row.node_id, Number(row.kw)]));
}
