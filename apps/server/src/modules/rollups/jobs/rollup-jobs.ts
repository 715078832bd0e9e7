/**
 * The Admin page's background recomputations, a factory-local day per
 * transaction under the factory's rollup lock (so the live rollup worker and
 * readers see each day either before or after, never half done):
 * - a time-zone change re-aligns the hourly and daily rollups of every node
 *   (15-minute buckets do not depend on the zone);
 * - a virtual node's membership change recomputes its rollups from its
 *   members' 15-minute rows (kept forever, unlike raw readings).
 */
import type { Db, Queryable } from '../../../platform/db/db.ts';
import {
  bucketsOverlapping,
  localDays,
  localHours,
  virtualMembers,
  type Bucket,
} from '../energy/index.ts';
import { lockFactoryForRollups } from '../repo/factory-locks.ts';
import { upsertCoarseRollups, upsertVirtualQuarterRollups } from '../repo/rollup-upserts.ts';
import { deleteRollupRows } from '../repo/rollup-rows.ts';
import type { JobWork } from './job-runner.ts';

const QUARTER_MS = 15 * 60_000;

/** The factory-local days from the one holding `from` to the one holding `now`. */
export function dayChunks(from: number | null, now: number, timeZone: string): Bucket[] {
  if (from === null) return [];
  return bucketsOverlapping(Math.min(from, now), now + QUARTER_MS, localDays(timeZone));
}

/** Open bounds for the first and last chunk, so rows of the old alignment at the edges go too. */
function bounds(days: readonly Bucket[], i: number): [number | null, number | null] {
  return [i === 0 ? null : days[i]!.start, i === days.length - 1 ? null : days[i]!.end];
}

async function rebuildCoarse(
  tx: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  day: Bucket,
  timeZone: string,
) {
  const hours = bucketsOverlapping(day.start, day.end, localHours(timeZone));
  await upsertCoarseRollups(
    tx,
    factoryId,
    'rollups_1h',
    nodeIds.flatMap((nodeId) => hours.map((hour) => ({ nodeId, ...hour }))),
  );
  await upsertCoarseRollups(
    tx,
    factoryId,
    'rollups_1d',
    nodeIds.map((nodeId) => ({ nodeId, ...day })),
  );
}

/** Re-aligns every node's hourly and daily rollups to the factory's (new) zone. */
export function rebucketWork(
  db: Db,
  factoryId: number,
  nodeIds: readonly number[],
  days: readonly Bucket[],
): JobWork {
  return async (progress) => {
    for (let i = 0; i < days.length; i += 1) {
      const [lower, upper] = bounds(days, i);
      await db.transaction(async (tx) => {
        const factory = await lockFactoryForRollups(tx, factoryId);
        await deleteRollupRows(tx, 'rollups_1h', nodeIds, lower, upper);
        await deleteRollupRows(tx, 'rollups_1d', nodeIds, lower, upper);
        await rebuildCoarse(tx, factoryId, nodeIds, days[i]!, factory.timeZone);
      });
      await progress(i + 1);
    }
  };
}

/** Recomputes the virtual nodes' rollups from their current members' 15-minute rows. */
export function virtualMembersWork(
  db: Db,
  factoryId: number,
  virtualIds: readonly number[],
  days: readonly Bucket[],
): JobWork {
  return async (progress) => {
    for (let i = 0; i < days.length; i += 1) {
      const [lower, upper] = bounds(days, i);
      const day = days[i]!;
      await db.transaction(async (tx) => {
        const factory = await lockFactoryForRollups(tx, factoryId);
        for (const table of ['rollups_15m', 'rollups_1h', 'rollups_1d'] as const) {
          await deleteRollupRows(tx, table, virtualIds, lower, upper);
        }
        await upsertVirtualQuarterRollups(
          tx,
          factoryId,
          virtualIds.map((virtualId) => ({
            virtualId,
            from: lower ?? 0,
            to: upper ?? day.end + QUARTER_MS,
          })),
          virtualMembers(factory.nodes),
        );
        await rebuildCoarse(tx, factoryId, virtualIds, day, factory.timeZone);
      });
      await progress(i + 1);
    }
  };
}
