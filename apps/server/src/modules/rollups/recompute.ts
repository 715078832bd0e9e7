/**
 * Exact, incremental rollup maintenance: recompute only the buckets whose
 * inputs changed, from the raw readings (15-minute), then virtual ancestors
 * (sums of their members), then hourly and daily rows (aggregates of the finer
 * table). Set-based: a fixed handful of statements whatever the batch size.
 */
import type { Db, Queryable } from '../../platform/db/db.ts';
import {
  bucketsOverlapping,
  localDays,
  localHours,
  mergeRanges,
  mergeWindows,
  quarterHourRollups,
  settleWindow,
  virtualAncestors,
  virtualMembers,
  type Bucket,
  type BucketScheme,
  type TimeRange,
} from './energy/index.ts';
import { lockFactoryForRollups, type FactoryNodes } from './repo/factory-locks.ts';
import { writeCounterHighs } from './repo/counter-highs.ts';
import { loadRollupWindows, type ChangedSpan, type RollupWindow } from './repo/load-window.ts';
import {
  upsertCoarseRollups,
  upsertQuarterRollups,
  upsertVirtualQuarterRollups,
  type NodeBucket,
  type NodeQuarterRollup,
  type VirtualRange,
} from './repo/rollup-upserts.ts';

function pushRange(into: Map<number, TimeRange[]>, nodeId: number, range: TimeRange): void {
  const list = into.get(nodeId) ?? [];
  list.push(range);
  into.set(nodeId, list);
}

/** Buckets of a scheme per node over its ranges; one bucket per (node, start). */
function bucketsFor(ranges: Map<number, TimeRange[]>, scheme: BucketScheme): NodeBucket[] {
  // Most nodes of a batch share the same range: compute each range's buckets once.
  const cache = new Map<string, Bucket[]>();
  const result: NodeBucket[] = [];
  for (const [nodeId, list] of ranges) {
    const seen = new Set<number>();
    for (const range of list) {
      const key = `${range.from}:${range.to}`;
      let buckets = cache.get(key);
      if (!buckets) {
        buckets = bucketsOverlapping(range.from, range.to, scheme);
        cache.set(key, buckets);
      }
      for (const bucket of buckets) {
        if (seen.has(bucket.start)) continue;
        seen.add(bucket.start);
        result.push({ nodeId, ...bucket });
      }
    }
  }
  return result;
}

/**
 * Recomputes every rollup bucket of the windows (each holding all the readings
 * that decide its buckets), then of their virtual ancestors, then the hourly and
 * daily rows over them.
 */
export async function recomputeWindows(
  tx: Queryable,
  factoryId: number,
  factory: FactoryNodes,
  windows: readonly RollupWindow[],
): Promise<void> {
  if (windows.length === 0) return;

  // Windows of one node may overlap: a bucket is computed alike in both, written once.
  const quarterRows = new Map<string, NodeQuarterRollup>();
  const measuredRanges = new Map<number, TimeRange[]>();
  for (const window of windows) {
    for (const row of quarterHourRollups(window.samples, window.from, window.to)) {
      quarterRows.set(`${window.nodeId}@${row.start}`, { nodeId: window.nodeId, ...row });
    }
    pushRange(measuredRanges, window.nodeId, { from: window.from, to: window.to });
  }
  await upsertQuarterRollups(tx, factoryId, [...quarterRows.values()]);

  const virtualRanges = new Map<number, TimeRange[]>();
  for (const [nodeId, ranges] of measuredRanges) {
    for (const virtualId of virtualAncestors(nodeId, factory.nodes)) {
      for (const range of ranges) pushRange(virtualRanges, virtualId, range);
    }
  }
  const allRanges = new Map<number, TimeRange[]>();
  const virtualRows: VirtualRange[] = [];
  for (const [nodeId, ranges] of measuredRanges) allRanges.set(nodeId, mergeRanges(ranges));
  for (const [virtualId, ranges] of virtualRanges) {
    const merged = mergeRanges(ranges);
    allRanges.set(virtualId, merged);
    for (const range of merged) virtualRows.push({ virtualId, ...range });
  }
  await upsertVirtualQuarterRollups(tx, factoryId, virtualRows, virtualMembers(factory.nodes));

  await upsertCoarseRollups(
    tx,
    factoryId,
    'rollups_1h',
    bucketsFor(allRanges, localHours(factory.timeZone)),
  );
  await upsertCoarseRollups(
    tx,
    factoryId,
    'rollups_1d',
    bucketsFor(allRanges, localDays(factory.timeZone)),
  );
}

/**
 * Reads the windows of the changed spans (after the change is stored), follows
 * each node's counter chain until it settles (reading further where a changed
 * high runs past a window), stores the highs that changed, and recomputes the
 * windows' rollups. `isNew` marks readings this change inserted.
 */
export async function settleAndRecompute(
  tx: Queryable,
  factoryId: number,
  factory: FactoryNodes,
  spans: readonly ChangedSpan[],
  isNew: (nodeId: number, ts: number) => boolean,
): Promise<void> {
  if (spans.length === 0) return;
  let windows = mergeWindows(await loadRollupWindows(tx, spans));
  for (;;) {
    const settled = windows.map((w) => settleWindow(w, (ts) => isNew(w.nodeId, ts)));
    const extensions = windows.flatMap((w, i) => {
      const from = settled[i]!.extendFrom;
      return from === null ? [] : [{ nodeId: w.nodeId, from, to: from }];
    });
    if (extensions.length === 0) {
      await writeCounterHighs(
        tx,
        settled.flatMap((s) => s.changes),
      );
      break;
    }
    windows = mergeWindows([...windows, ...(await loadRollupWindows(tx, extensions))]);
  }
  await recomputeWindows(tx, factoryId, factory, windows);
}

const RECOMPUTE_CHUNK_MS = 24 * 3_600_000;

/**
 * Recomputes the 15m, 1h and 1d rollups (and the readings' counter highs) of
 * the nodes and their virtual ancestors over [from, to) from the raw readings, a
 * day at a time so memory stays flat, each day in its own transaction under the
 * factory's rollup lock. A virtual node id stands for its members. The state of
 * the counters at `from` is taken as stored. Buckets whose raw readings are no
 * longer retained are left as they are. This is what the recompute CLI runs and
 * what the Admin page can call.
 */
export async function recomputeRollups(
  db: Db,
  factoryId: number,
  nodeIds: readonly number[],
  from: Date,
  to: Date,
): Promise<void> {
  const end = to.getTime();
  for (let start = from.getTime(); start < end; start += RECOMPUTE_CHUNK_MS) {
    const chunkEnd = Math.min(start + RECOMPUTE_CHUNK_MS, end);
    await db.transaction(async (tx) => {
      const factory = await lockFactoryForRollups(tx, factoryId);
      const members = virtualMembers(factory.nodes);
      const measured = new Set(nodeIds.flatMap((id) => members.get(id) ?? [id]));
      const spans = [...measured].map((nodeId) => ({ nodeId, from: start, to: chunkEnd - 1 }));
      await settleAndRecompute(tx, factoryId, factory, spans, () => false);
    });
  }
}
