import { energyByBucket, type RollupSample } from '../../rollups/index.ts';
import { HOUR_MS } from '@wattboard/zone-time';
import type { ChartBucket } from './energy-chart.ts';
import type { InstantRange } from './time-range.ts';

/** A rollup row as the chart needs it. */
export interface RollupLike {
  start: number;
  kwhForward: number;
  kwhReverse: number;
  maxKw: number | null;
}

/** Index of the last axis start at or before t, or -1. */
function axisIndex(axis: readonly number[], t: number): number {
  let low = 0;
  let high = axis.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (axis[middle]! <= t) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Chart buckets from rollup rows. Each row goes to the axis bucket holding its
 * start (normally the same start; a zone with half-hour DST shifts can make
 * two hourly rows share one), and avgKw is the bucket's forward energy over
 * its length, as the rollups define it.
 */
export function bucketsFromRollups(
  axis: readonly number[],
  rows: readonly RollupLike[],
  bucketEnd: (start: number) => number,
): Map<number, ChartBucket> {
  const buckets = new Map<number, ChartBucket>();
  for (const row of rows) {
    const start = axis[axisIndex(axis, row.start)];
    if (start === undefined) continue;
    const bucket = buckets.get(start) ?? { kwhForward: 0, kwhReverse: 0, avgKw: 0, maxKw: null };
    bucket.kwhForward += row.kwhForward;
    bucket.kwhReverse += row.kwhReverse;
    if (row.maxKw !== null) bucket.maxKw = Math.max(bucket.maxKw ?? -Infinity, row.maxKw);
    buckets.set(start, bucket);
  }
  for (const [start, bucket] of buckets) {
    bucket.avgKw = bucket.kwhForward / ((bucketEnd(start) - start) / HOUR_MS);
  }
  return buckets;
}

/**
 * Fixed-length chart buckets (1 or 5 minutes) computed from raw readings of
 * the node's measured members, the same way the 15-minute rollups are: energy
 * from counter differences split by time overlap, avgKw = forward kWh / hours.
 * maxKw is the highest instantaneous reading of a measured node; a virtual
 * node has no readings of its own, so its maxKw is the sum of its members'
 * average kW, as in its rollups.
 */
export function bucketsFromRawSamples(
  samplesByNode: ReadonlyMap<number, readonly RollupSample[]>,
  range: InstantRange,
  stepMs: number,
  isVirtual: boolean,
): Map<number, ChartBucket> {
  const startOf = (t: number) => Math.floor(t / stepMs) * stepMs;
  const inRange = (start: number) => start >= range.from && start < range.to;
  const buckets = new Map<number, ChartBucket>();
  const bucketAt = (start: number): ChartBucket => {
    let bucket = buckets.get(start);
    if (!bucket) {
      bucket = { kwhForward: 0, kwhReverse: 0, avgKw: 0, maxKw: null };
      buckets.set(start, bucket);
    }
    return bucket;
  };

  for (const samples of samplesByNode.values()) {
    const energy = energyByBucket(samples, startOf, (start) => start + stepMs);
    for (const [start, kwh] of energy) {
      if (!inRange(start)) continue;
      const bucket = bucketAt(start);
      bucket.kwhForward += kwh.forward;
      bucket.kwhReverse += kwh.reverse;
    }
    if (isVirtual) continue;
    for (const sample of samples) {
      const start = startOf(sample.ts);
      if (sample.kw === null || !inRange(start)) continue;
      const bucket = bucketAt(start);
      bucket.maxKw = Math.max(bucket.maxKw ?? -Infinity, sample.kw);
    }
  }
  const hours = stepMs / HOUR_MS;
  for (const bucket of buckets.values()) {
    bucket.avgKw = bucket.kwhForward / hours;
    if (isVirtual) bucket.maxKw = bucket.avgKw;
  }
  return buckets;
}
