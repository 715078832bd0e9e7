/**
 * The 15-minute rollup rows of one node, computed from its raw readings
 * (issue #3 agreements): energy split over the buckets by time overlap, the
 * instantaneous kW extremes and the sample count of the readings inside each
 * bucket, and the bucket's demand (its average net draw, Taipower's 15-minute block).
 */
import { HOUR_MS, QUARTER_MS } from '@wattboard/zone-time';
import { quarterHourEnd, quarterHourStart } from './buckets.ts';
import { energyByBucket, type CounterSample } from './interval-energy.ts';

export interface RollupSample extends CounterSample {
  /** Total instantaneous kW of the reading. */
  kw: number | null;
}

export interface QuarterRollup {
  start: number;
  kwhForward: number;
  kwhReverse: number;
  /** Lagging reactive energy, kvarh; null when not measured (never invented as 0). */
  kvarhLagging: number | null;
  /** kwhForward / 0.25 h: the bucket's average import power. */
  avgKw: number;
  maxKw: number | null;
  minKw: number | null;
  samples: number;
  /**
   * The 15-minute block demand: the average net draw, (forward − reverse) / 0.25 h, and
   * never below 0. A utility meters the draw at its connection, where solar behind the
   * meter has already offset the load; a block that exports draws nothing.
   */
  maxDemandKw: number;
}

const QUARTER_HOURS = QUARTER_MS / HOUR_MS;

/** A 15-minute block's demand from its energy: the net draw's average kW, 0 when it exports. */
export function netDemandKw(kwhForward: number, kwhReverse: number): number {
  return Math.max(0, kwhForward - kwhReverse) / QUARTER_HOURS;
}

interface KwStats {
  max: number | null;
  min: number | null;
  count: number;
}

/**
 * Rollups of the buckets in [from, to) (quarter-hour aligned). `samples` must hold
 * every reading of the node in [from, to) plus the one just before and the one
 * just after (when they exist), sorted by ts: only then is each bucket exact.
 */
export function quarterHourRollups(
  samples: readonly RollupSample[],
  from: number,
  to: number,
): QuarterRollup[] {
  const energy = energyByBucket(samples, quarterHourStart, quarterHourEnd);
  const stats = new Map<number, KwStats>();
  for (const sample of samples) {
    if (sample.ts < from || sample.ts >= to) continue;
    const start = quarterHourStart(sample.ts);
    const bucket = stats.get(start) ?? { max: null, min: null, count: 0 };
    bucket.count += 1;
    if (sample.kw !== null) {
      bucket.max = bucket.max === null ? sample.kw : Math.max(bucket.max, sample.kw);
      bucket.min = bucket.min === null ? sample.kw : Math.min(bucket.min, sample.kw);
    }
    stats.set(start, bucket);
  }
  const starts = new Set([...energy.keys(), ...stats.keys()]);
  return [...starts]
    .filter((start) => start >= from && start < to)
    .sort((a, b) => a - b)
    .map((start) => {
      const kwh = energy.get(start) ?? { forward: 0, reverse: 0, kvarh: null };
      const kw = stats.get(start) ?? { max: null, min: null, count: 0 };
      const avgKw = kwh.forward / QUARTER_HOURS;
      return {
        start,
        kwhForward: kwh.forward,
        kwhReverse: kwh.reverse,
        kvarhLagging: kwh.kvarh,
        avgKw,
        maxKw: kw.max,
        minKw: kw.min,
        samples: kw.count,
        maxDemandKw: netDemandKw(kwh.forward, kwh.reverse),
      };
    });
}
