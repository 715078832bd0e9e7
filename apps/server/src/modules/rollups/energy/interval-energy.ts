/**
 * Energy from cumulative counters (kWh, and the lagging kvarh of issue #24, which
 * follows the same rule): the energy of an interval is
 * the counter's increase by the reset rule of counter-rule.ts; energy is never
 * negative and gaps are never invented (a gap's counter difference is spread
 * over the buckets it spans in proportion to time).
 */
import { counterStep, startingHigh, storedHigh } from './counter-rule.ts';

/** One reading's counters. ts: epoch ms. */
export interface CounterSample {
  ts: number;
  forward: number | null;
  reverse: number | null;
  /**
   * The stored high of the counter after this reading when it differs from the
   * value (see counter-rule.ts). Only the first sample's is read: it carries in
   * the state of the readings before it; later ones are computed.
   */
  forwardHigh?: number | null;
  reverseHigh?: number | null;
  /** Lagging reactive counter, kvarh; absent (or null) when the meter has none. */
  kvarh?: number | null;
  kvarhHigh?: number | null;
}

export interface BucketEnergy {
  forward: number;
  reverse: number;
  /**
   * kvarh of the bucket; null when no kvarh interval reached it. Not 0 like reverse:
   * 0 kvarh would say the power factor was 1 (see migration 021).
   */
  kvarh: number | null;
}

type CounterKey = 'forward' | 'reverse' | 'kvarh';
const COUNTER_KEYS: readonly CounterKey[] = ['forward', 'reverse', 'kvarh'];
const HIGH_KEY = { forward: 'forwardHigh', reverse: 'reverseHigh', kvarh: 'kvarhHigh' } as const;

/** Each sample's counter highs as stored (null: equal to the value, or no value). */
export type CounterHighs = Record<CounterKey, number | null>;

/** Energy between a previous state and a new value: 0 when either is missing. */
export function intervalEnergy(previousHigh: number | null, current: number | null): number {
  if (previousHigh === null || current === null) return 0;
  return counterStep(previousHigh, current).energy;
}

/** A counter's interval: energy accrued evenly over (from, to]. */
export interface CounterInterval {
  from: number;
  to: number;
  energy: number;
}

/**
 * Walks one counter of consecutive samples (sorted by ts; a repeated ts is
 * skipped). A sample whose value is null is skipped for that counter, so the
 * energy between its neighbours spans both intervals. The first non-null sample
 * only starts the chain, from its stored high. Calls `interval` for each
 * interval and `high` with every sample's resulting high (as stored: null when
 * equal to the value).
 */
export function walkCounter(
  samples: readonly CounterSample[],
  key: CounterKey,
  interval: (step: CounterInterval) => void,
  high?: (index: number, stored: number | null) => void,
): void {
  let previousTs: number | undefined;
  let state = 0;
  samples.forEach((sample, index) => {
    // Samples from before the kvarh counter have no such key: as good as null.
    const value = sample[key] ?? null;
    if (value === null) return;
    if (previousTs === undefined) {
      state = startingHigh(value, sample[HIGH_KEY[key]]);
    } else if (sample.ts > previousTs) {
      const step = counterStep(state, value);
      interval({ from: previousTs, to: sample.ts, energy: step.energy });
      state = step.high;
    } else return;
    previousTs = sample.ts;
    high?.(index, storedHigh(value, state));
  });
}

/**
 * Adds `energy`, accrued evenly over (from, to], to the buckets it overlaps in
 * proportion to time. The last bucket takes the remainder, so the parts add up
 * to exactly `energy`.
 */
function spread(
  into: Map<number, BucketEnergy>,
  key: CounterKey,
  { from, to, energy }: CounterInterval,
  bucketStart: (ts: number) => number,
  bucketEnd: (start: number) => number,
): void {
  const duration = to - from;
  let assigned = 0;
  for (let start = bucketStart(from); start < to;) {
    const end = bucketEnd(start);
    const last = end >= to;
    const overlap = Math.min(end, to) - Math.max(start, from);
    const share = last ? energy - assigned : (energy * overlap) / duration;
    assigned += share;
    const bucket = into.get(start) ?? { forward: 0, reverse: 0, kvarh: null };
    bucket[key] = (bucket[key] ?? 0) + share;
    into.set(start, bucket);
    start = end;
  }
}

/**
 * Energy per bucket from consecutive samples of ONE node (sorted by ts), split by
 * time overlap. bucketStart(ts) maps an instant to its bucket's start (UTC quarter
 * hours, local hours, ...); bucketEnd(start) gives that bucket's end.
 *
 * Each counter is followed on its own (walkCounter), so nothing is lost when one
 * is missing. Every bucket an interval overlaps gets an entry, even with zero
 * energy (the meter was there and measured nothing).
 */
export function energyByBucket(
  samples: readonly CounterSample[],
  bucketStart: (ts: number) => number,
  bucketEnd: (start: number) => number,
): Map<number, BucketEnergy> {
  const result = new Map<number, BucketEnergy>();
  for (const key of COUNTER_KEYS) {
    walkCounter(samples, key, (step) => spread(result, key, step, bucketStart, bucketEnd));
  }
  return result;
}

/** Each sample's counter highs as stored (null: equal to the value, or no value). */
export function counterHighs(samples: readonly CounterSample[]): CounterHighs[] {
  const highs = samples.map((): CounterHighs => ({ forward: null, reverse: null, kvarh: null }));
  for (const key of COUNTER_KEYS) {
    walkCounter(
      samples,
      key,
      () => {},
      (index, high) => (highs[index]![key] = high),
    );
  }
  return highs;
}
