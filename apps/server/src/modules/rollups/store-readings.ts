/**
 * The ingest pipeline's write side (issue #3 agreements, issue #9): store
 * validated readings and keep the rollups and latest values exact.
 */
import type { Db } from '../../platform/db/db.ts';
import { clusterInstants } from './energy/index.ts';
import { drainRollups, SPAN_GAP_MS } from './drain-rollups.ts';
import { insertReadings, readingKey } from './repo/insert-readings.ts';
import type { ChangedSpan } from './repo/load-window.ts';
import type { NormalizedReading } from './normalized-reading.ts';
import { rollupWorkerOf } from './rollup-worker.ts';

export { recomputeRollups } from './recompute.ts';
export { pruneRawReadings } from './repo/retention.ts';

export type { NormalizedReading, PhaseKey, PhaseValues } from './normalized-reading.ts';

export interface StoreResult {
  /** Newly stored (not duplicates), in input order, for alarms and the hub. */
  stored: NormalizedReading[];
  /** Same (node, ts) already stored, or repeated within the batch: ignored, idempotent. */
  duplicates: number;
  /**
   * Resolves once latest_readings and the rollups include these readings
   * (already resolved unless a rollup worker runs for the database). Code that
   * reads rollups about what it just stored (demand alarms) awaits it. Never rejects.
   */
  rollupsSettled: Promise<void>;
}

function changedSpans(readings: readonly NormalizedReading[]): ChangedSpan[] {
  const byNode = new Map<number, number[]>();
  for (const reading of readings) {
    const list = byNode.get(reading.nodeId) ?? [];
    list.push(reading.ts.getTime());
    byNode.set(reading.nodeId, list);
  }
  const spans: ChangedSpan[] = [];
  for (const [nodeId, instants] of byNode) {
    instants.sort((a, b) => a - b);
    for (const { first, last } of clusterInstants(instants, SPAN_GAP_MS)) {
      spans.push({ nodeId, from: first, to: last });
    }
  }
  return spans;
}

const settled = Promise.resolve();

/** Beyond this backlog an acknowledgement waits for the rollups (budget: visible within 2 s). */
export const MAX_LAG_MS = 750;

/**
 * Stores the readings (a repeated (node, ts) is ignored) together with a rollup
 * mark, in one statement: when this resolves, the readings are committed and
 * their rollup work is durable. With a rollup worker running for `db` (the
 * server), latest_readings and the 15m/1h/1d rollups of every bucket they
 * touch, for the node and its virtual ancestors, follow within moments
 * (`rollupsSettled`); without one (tests, scripts), they are brought up to
 * date before this resolves.
 */
export async function storeReadings(
  db: Db,
  factoryId: number,
  readings: readonly NormalizedReading[],
): Promise<StoreResult> {
  const unique = new Map<string, NormalizedReading>();
  for (const reading of readings) {
    const key = readingKey(reading.nodeId, reading.ts.getTime());
    if (!unique.has(key)) unique.set(key, reading);
  }
  if (unique.size === 0) {
    return { stored: [], duplicates: readings.length, rollupsSettled: settled };
  }

  const candidates = [...unique.values()];
  const { inserted, markId } = await insertReadings(
    db,
    factoryId,
    candidates,
    changedSpans(candidates),
  );
  const stored = [...unique.entries()]
    .filter(([key]) => inserted.has(key))
    .map(([, reading]) => reading);
  const result = { stored, duplicates: readings.length - stored.length };
  if (markId === null) return { ...result, rollupsSettled: settled };
  const worker = rollupWorkerOf(db);
  if (worker) {
    const behind = worker.behindMs(factoryId);
    const rollupsSettled = worker.settle(factoryId, markId);
    // Back-pressure: when the worker falls behind (a bulk upload on the single-threaded
    // embedded database), the writer waits for it, so the lag stays bounded.
    if (behind > MAX_LAG_MS) await rollupsSettled;
    return { ...result, rollupsSettled };
  }
  await drainRollups(db, factoryId);
  return { ...result, rollupsSettled: settled };
}
