/**
 * The ingest pipeline's write side (issue #3 agreements): store validated
 * readings and keep the rollups and latest values exact, in one transaction.
 */
import type { Db } from '../db/db.ts';
import { clusterInstants } from '../domain/energy/index.ts';
import { lockFactoryForRollups } from './factory-nodes.ts';
import { insertReadings, readingKey } from './insert-readings.ts';
import type { NormalizedReading } from './normalized-reading.ts';
import type { ChangedSpan } from './load-window.ts';
import { settleAndRecompute } from './recompute.ts';

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
 * one late reading from last month beside today's does not reload the month
 * between. The windows are read after the insert, so a window's neighbour may be
 * the next cluster's first reading: a gap with nothing stored in it is still
 * recomputed whole (issue #9).
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
    const inserted = await insertReadings(tx, factoryId, candidates);
    const stored = [...unique.entries()]
      .filter(([key]) => inserted.has(key))
      .map(([, reading]) => reading);
    await settleAndRecompute(tx, factoryId, factory, changedSpans(stored), (nodeId, ts) =>
      inserted.has(readingKey(nodeId, ts)),
    );
    return { stored, duplicates: readings.length - stored.length };
  });
}
