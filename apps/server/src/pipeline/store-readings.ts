/**
 * The ingest pipeline's write side (issue #3 agreements): store validated
 * readings and keep the rollups and latest values exact, in one transaction.
 */
import type { Db } from '../db/db.ts';
import { clusterInstants } from '../domain/energy/index.ts';
import { lockFactoryForRollups } from './factory-nodes.ts';
import { insertReadings, readingKey } from './insert-readings.ts';
import type { NormalizedReading } from './normalized-reading.ts';
import { withNewSamples, type ChangedSpan, type RollupWindow } from './load-window.ts';
import { recomputeWindows } from './recompute.ts';
import type { RollupSample } from '../domain/energy/index.ts';

export { recomputeRollups } from './recompute.ts';
export { pruneRawReadings } from './retention.ts';

export type { NormalizedReading, PhaseKey, PhaseValues } from './normalized-reading.ts';

export interface StoreResult {
  /** Newly stored (not duplicates), in input order, for alarms and the hub. */
  stored: NormalizedReading[];
  /** Same (node, ts) already stored, or repeated within the batch: ignored, idempotent. */
  duplicates: number;
}

/**
 * New readings of a node further apart than this get separate rollup windows, so
 * one late reading from last month beside today's does not reload the month between.
 */
const SPAN_GAP_MS = 6 * 3_600_000;

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

/**
 * The windows that contain a newly stored reading, each completed with the new
 * readings of its node (the windows were read before they were inserted).
 */
function completeWindows(windows: readonly RollupWindow[], stored: readonly NormalizedReading[]) {
  const newByNode = new Map<number, RollupSample[]>();
  for (const r of stored) {
    const list = newByNode.get(r.nodeId) ?? [];
    list.push({ ts: r.ts.getTime(), kw: r.kw, forward: r.kwhForward, reverse: r.kwhReverse });
    newByNode.set(r.nodeId, list);
  }
  return windows.flatMap((window) => {
    const fresh = newByNode.get(window.nodeId) ?? [];
    const changed = fresh.some((s) => s.ts >= window.from && s.ts < window.to);
    return changed ? [withNewSamples(window, fresh)] : [];
  });
}

/**
 * Stores the readings (a repeated (node, ts) is ignored) and recomputes the 15m,
 * 1h and 1d rollups of every bucket they touch, for the node and its virtual
 * ancestors, plus latest_readings, all in one transaction: when this resolves,
 * everything is committed.
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
  if (unique.size === 0) return { stored: [], duplicates: readings.length };

  const candidates = [...unique.values()];
  return db.transaction(async (tx) => {
    const factory = await lockFactoryForRollups(tx, factoryId);
    const { inserted, windows } = await insertReadings(
      tx,
      factoryId,
      candidates,
      changedSpans(candidates),
    );
    const stored = [...unique.entries()]
      .filter(([key]) => inserted.has(key))
      .map(([, reading]) => reading);
    await recomputeWindows(tx, factoryId, factory, completeWindows(windows, stored));
    return { stored, duplicates: readings.length - stored.length };
  });
}
