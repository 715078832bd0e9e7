/**
 * Energy from cumulative kWh counters (DESIGN §4): the energy of an interval is
 * the counter's increase; a counter that went backwards was reset and counts
 * from its new value; energy is never negative and gaps are never invented.
 */

/** One reading's counters. ts: epoch ms. */
export interface CounterSample {
  ts: number;
  forward: number | null;
  reverse: number | null;
}

export interface BucketEnergy {
  forward: number;
  reverse: number;
}

/**
 * A step back this small (relative to the counter) is floating-point rounding in
 * a gateway's unit conversion, not a reset; counting it as a reset would book the
 * whole counter as energy in one interval.
 */
const ROUNDING_TOLERANCE = 1e-9;

/** Energy between two counter values: reset-aware, never negative; null counters give 0. */
export function intervalEnergy(previous: number | null, current: number | null): number {
  if (previous === null || current === null) return 0;
  if (current >= previous) return current - previous;
  if (previous - current <= ROUNDING_TOLERANCE * Math.abs(previous)) return 0;
  return Math.max(current, 0);
}

/**
 * Adds `energy`, accrued evenly over (from, to], to the buckets it overlaps in
 * proportion to time. The last bucket takes the remainder, so the parts add up
 * to exactly `energy`.
 */
function spread(
  into: Map<number, BucketEnergy>,
  key: keyof BucketEnergy,
  from: number,
  to: number,
  energy: number,
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
    const bucket = into.get(start) ?? { forward: 0, reverse: 0 };
    bucket[key] += share;
    into.set(start, bucket);
    start = end;
  }
}

/**
 * Energy per bucket from consecutive samples of ONE node (sorted by ts), split by
 * time overlap. bucketStart(ts) maps an instant to its bucket's start (UTC quarter
 * hours, local hours, ...); bucketEnd(start) gives that bucket's end.
 *
 * Each counter is followed on its own: a sample whose forward (or reverse) counter
 * is null is skipped for that counter, and the energy between the neighbouring
 * non-null values is spread over the whole span, so nothing is lost. The first
 * sample only starts the counter. Every bucket an interval overlaps gets an entry,
 * even with zero energy (the meter was there and measured nothing).
 */
export function energyByBucket(
  samples: readonly CounterSample[],
  bucketStart: (ts: number) => number,
  bucketEnd: (start: number) => number,
): Map<number, BucketEnergy> {
  const result = new Map<number, BucketEnergy>();
  for (const key of ['forward', 'reverse'] as const) {
    let previous: CounterSample | undefined;
    for (const sample of samples) {
      const value = sample[key];
      if (value === null) continue;
      if (previous && sample.ts > previous.ts) {
        const energy = intervalEnergy(previous[key], value);
        spread(result, key, previous.ts, sample.ts, energy, bucketStart, bucketEnd);
      }
      if (!previous || sample.ts > previous.ts) previous = sample;
    }
  }
  return result;
}
