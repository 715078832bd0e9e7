import type { Queryable } from '../../db/db.ts';
import type { RowKey } from '../../domain/report/cursor.ts';
import type { StoredReading } from '../../domain/report/report-row.ts';
import type { InstantRange } from '../../domain/monitor/time-range.ts';
import { MINUTE_MS } from '../../domain/zone-time.ts';

interface Row {
  node_id: number;
  ts: Date;
  phases: StoredReading['phases'];
  kw: number | null;
  kwh_forward: number | null;
  kwh_reverse: number | null;
  frequency: number | null;
  temperature: number | null;
  received_at: Date;
}

const iso = (t: number) => new Date(t).toISOString();

/**
 * Rows of the nodes after `after` with ts in [from, to), in report order, at
 * most `limit`. The time window keeps each statement a bounded index range
 * scan on (node_id, ts) whatever the length of the whole range.
 */
async function readWindow(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  window: InstantRange,
  after: RowKey,
  limit: number,
): Promise<StoredReading[]> {
  const rows = await db.query<Row>(
    `SELECT node_id, ts, phases, kw, kwh_forward, kwh_reverse, frequency, temperature, received_at
       FROM readings
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND ts >= $3::timestamptz AND ts < $4::timestamptz
        AND (ts, node_id) > ($5::timestamptz, $6::int)
      ORDER BY ts, node_id
      LIMIT $7`,
    [factoryId, [...nodeIds], iso(window.from), iso(window.to), iso(after.ts), after.nodeId, limit],
  );
  return rows.map((row) => ({
    nodeId: row.node_id,
    ts: row.ts,
    phases: row.phases,
    kw: row.kw,
    kwhForward: row.kwh_forward,
    kwhReverse: row.kwh_reverse,
    frequency: row.frequency,
    temperature: row.temperature,
    receivedAt: row.received_at,
  }));
}

export interface PageQuery {
  factoryId: number;
  nodeIds: readonly number[];
  range: InstantRange;
  /** Rows strictly after this key; null from the range's start. */
  after: RowKey | null;
  limit: number;
}

/** Longest window one statement reads (sparse data: the window doubles up to this). */
const MAX_WINDOW_MS = 32 * 24 * 60 * MINUTE_MS;

/**
 * Up to `limit` readings in report order (ts, node id) after the cursor:
 * keyset pagination without offsets. Windows start at about the span
 * `limit` one-minute readings of the nodes cover and double while they come
 * back short, so dense and sparse histories both take few statements.
 */
export async function readingsPage(db: Queryable, query: PageQuery): Promise<StoredReading[]> {
  const { range, limit } = query;
  if (query.nodeIds.length === 0 || limit <= 0) return [];
  let after: RowKey = query.after ?? { ts: range.from, nodeId: -1 };
  let from = Math.max(range.from, after.ts);
  let windowMs = Math.max(15 * MINUTE_MS, Math.ceil(limit / query.nodeIds.length) * MINUTE_MS);
  const rows: StoredReading[] = [];
  while (rows.length < limit && from < range.to) {
    const to = Math.min(range.to, from + windowMs);
    const batch = await readWindow(
      db,
      query.factoryId,
      query.nodeIds,
      { from, to },
      after,
      limit - rows.length,
    );
    rows.push(...batch);
    const last = batch.at(-1);
    if (last) after = { ts: last.ts.getTime(), nodeId: last.nodeId };
    if (rows.length >= limit) break;
    from = to;
    if (batch.length < (limit - rows.length) / 2) windowMs = Math.min(MAX_WINDOW_MS, windowMs * 2);
  }
  return rows;
}
