import type { EnergyInterval } from '@wattboard/contract';
import { clippedLocalHourStarts, fixedBucketStarts, hourlyReadPlan } from '../../monitor/index.ts';
import { localDaysOf, type InstantRange } from '../../monitor/index.ts';
import { QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';

export type RollupTableName = 'rollups_15m' | 'rollups_1h' | 'rollups_1d';

/** One read of the rollups: a table and the range of bucket starts to take from it. */
export interface RollupRead {
  table: RollupTableName;
  from: number;
  to: number;
}

/**
 * Starts of the view's intervals, clipped to the range: a range on the
 * 15-minute grid need not begin on an hour, a day or a month, and the first
 * and last intervals are then partial (each shown with its own bounds).
 */
export function intervalStarts(
  interval: EnergyInterval,
  range: InstantRange,
  clock: ZoneClock,
): number[] {
  if (interval === 'quarterHour') return fixedBucketStarts(range, QUARTER_MS);
  if (interval === 'hour') return clippedLocalHourStarts(range, clock);
  const days = localDaysOf(range, clock).filter(
    (day, index) => index === 0 || interval === 'day' || day.date.endsWith('-01'),
  );
  return days.map((day) => Math.max(day.from, range.from));
}

/** Whole local days inside the range (from their midnights), or null when none fits. */
function wholeDays(range: InstantRange, clock: ZoneClock): InstantRange | null {
  const days = localDaysOf(range, clock).filter(
    (day) => day.from >= range.from && day.to <= range.to,
  );
  const first = days[0];
  const last = days.at(-1);
  return first && last ? { from: first.from, to: last.to } : null;
}

function hourlyReads(range: InstantRange, clock: ZoneClock): RollupRead[] {
  if (range.to <= range.from) return [];
  const plan = hourlyReadPlan(range, clock);
  return [
    ...(plan.hours ? [{ table: 'rollups_1h' as const, ...plan.hours }] : []),
    ...plan.quarters.map((part) => ({ table: 'rollups_15m' as const, ...part })),
  ];
}

/**
 * Which rollups to read so every interval is exact and a long range stays
 * cheap: daily rollups for the whole local days of a day or month view,
 * hourly ones for whole local hours, 15-minute ones for the partial edges.
 * The reads never overlap and together cover the range exactly.
 */
export function rollupReadPlan(
  interval: EnergyInterval,
  range: InstantRange,
  clock: ZoneClock,
): RollupRead[] {
  if (interval === 'quarterHour') return [{ table: 'rollups_15m', ...range }];
  if (interval === 'hour') return hourlyReads(range, clock);
  const days = wholeDays(range, clock);
  if (!days) return hourlyReads(range, clock);
  return [
    { table: 'rollups_1d', ...days },
    ...hourlyReads({ from: range.from, to: days.from }, clock),
    ...hourlyReads({ from: days.to, to: range.to }, clock),
  ];
}

/** Index of the interval holding instant t: the last start at or before it (-1 if none). */
export function intervalIndex(starts: readonly number[], t: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= t) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
