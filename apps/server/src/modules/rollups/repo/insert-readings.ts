import type { Queryable } from '../../../platform/db/db.ts';
import type { ChangedSpan } from './load-window.ts';
import { encodeMarkSpans } from '../mark-spans.ts';
import type { NormalizedReading } from '../normalized-reading.ts';

export const readingKey = (nodeId: number, ts: number) => `${nodeId}@${ts}`;

let markCounter = 0;

/** A mark id: this clock's ms × 1024 plus a counter, so marks are taken roughly oldest first. */
function nextMarkId(): number {
  markCounter = (markCounter + 1) % 1024;
  return Date.now() * 1024 + markCounter;
}

export interface InsertOutcome {
  /** Keys (readingKey) of the readings inserted; the rest were already stored. */
  inserted: Set<string>;
  /** The rollup mark written with them (null when nothing was inserted). */
  markId: number | null;
}

/**
 * The acknowledged part of a store, ONE autocommitted statement (the function
 * insert_readings_batch, migrations 016 and 021, whose plan is kept for the session):
 * - the multi-row insert of the batch (one JSON parameter, so its size is not
 *   bounded by the protocol's 65 535 bind parameters), skipping any (node, ts)
 *   already stored; counter highs are left NULL ("equal to the value"), the
 *   rollup work sets the rare ones that differ;
 * - one rollup mark naming the batch's spans (mark-spans.ts), so the rollup
 *   work is durable from the moment the readings are.
 * Rollups and latest_readings are brought up to date from the mark (drain-rollups.ts).
 * `readings` must not repeat a (node, ts) (storeReadings removes repeats first).
 */
export async function insertReadings(
  db: Queryable,
  factoryId: number,
  readings: readonly NormalizedReading[],
  spans: readonly ChangedSpan[],
): Promise<InsertOutcome> {
  const rows = readings.map((r) => ({
    n: r.nodeId,
    t: r.ts.toISOString(),
    p: r.phases,
    kw: r.kw,
    f: r.kwhForward,
    r: r.kwhReverse,
    q: r.kvarhLagging ?? null,
    hz: r.frequency,
    c: r.temperature,
  }));
  // insert_readings_batch (migration 021): the statement lives in a function so
  // its plan is kept for the session instead of made anew for every batch.
  const [result] = await db.query<{ inserted: number; keys: string | null; mark: string | null }>(
    'SELECT inserted, keys, mark FROM insert_readings_batch($1, $2::json, $3::jsonb, $4, $5)',
    [
      factoryId,
      JSON.stringify(rows),
      JSON.stringify(encodeMarkSpans(spans)),
      nextMarkId(),
      readings.length,
    ],
  );
  const markId = result?.mark ? Number(result.mark) : null;
  const inserted =
    result && result.inserted === readings.length
      ? new Set(readings.map((r) => readingKey(r.nodeId, r.ts.getTime())))
      : new Set(result?.keys ? result.keys.split(',') : []);
  return { inserted, markId };
}
