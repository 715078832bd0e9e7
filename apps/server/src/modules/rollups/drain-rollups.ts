/**
 * The rollup work of stored readings: take the factory's marks, and in the same
 * transaction, under the factory's rollup lock, bring latest_readings, the
 * counter highs and the 15m/1h/1d rollups of the marked nodes and their
 * virtual ancestors up to date. Readers see a node and its virtual ancestors
 * change together (one commit), never half-updated.
 */
import type { Db } from '../../platform/db/db.ts';
import { clusterSpans, type NodeSpan } from './energy/index.ts';
import { tryLockFactoryForRollups } from './repo/factory-locks.ts';
import {
  dropFactoryMarks,
  refreshLatestReadings,
  takeMarks,
  type TakenMarks,
} from './repo/rollup-marks.ts';
import { settleAndRecompute } from './recompute.ts';

/** Marks per transaction: bounds a transaction after a big backlog (a backfill, a restart). */
export const MARKS_PER_TRANSACTION = 50;

/**
 * New readings of a node further apart than this get separate rollup windows, so
 * one late reading from last month beside today's does not reload the month
 * between. The windows are read after the insert, so a window's neighbour can be
 * the next cluster's first reading: a gap with nothing stored in it is still
 * recomputed whole (issue #9).
 */
export const SPAN_GAP_MS = 6 * 3_600_000;

/**
 * One transaction of rollup work for the factory. Returns the marks it took
 * (committed), or null when there was none: every mark committed before it
 * began has then been processed, by this or another instance.
 */
export async function drainOnce(db: Db, factoryId: number): Promise<TakenMarks | null> {
  return db.transaction(async (tx) => {
    const factory = await tryLockFactoryForRollups(tx, factoryId);
    if (!factory) {
      // A deleted factory's marks have nothing left to update (marks carry no foreign key).
      await dropFactoryMarks(tx, factoryId);
      return null;
    }
    const taken = await takeMarks(tx, factoryId, MARKS_PER_TRANSACTION);
    if (!taken) return null;
    const spans = clusterSpans(taken.spans, SPAN_GAP_MS);
    await refreshLatestReadings(tx, factoryId, [...new Set(spans.map((s) => s.nodeId))]);
    // Every reading inside a marked span counts as new: a superset only costs a look further.
    const byNode = new Map<number, NodeSpan[]>();
    for (const span of spans) byNode.set(span.nodeId, [...(byNode.get(span.nodeId) ?? []), span]);
    const isNew = (nodeId: number, ts: number) =>
      byNode.get(nodeId)?.some((s) => ts >= s.from && ts <= s.to) ?? false;
    await settleAndRecompute(tx, factoryId, factory, spans, isNew);
    return taken;
  });
}

/** Drains the factory's marks until none is left. */
export async function drainRollups(db: Db, factoryId: number): Promise<void> {
  while ((await drainOnce(db, factoryId)) !== null);
}
