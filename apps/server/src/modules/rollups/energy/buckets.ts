/**
 * Bucket alignment (issue #3 agreements): 15-minute buckets start at UTC
 * quarter hours; hourly buckets at factory-LOCAL hour starts; daily buckets at
 * factory-local midnight, so a daylight-saving day lasts 23 or 25 hours.
 * Instants are epoch milliseconds.
 */
import {
  HOUR_MS,
  localParts,
  MINUTE_MS,
  QUARTER_MS,
  startOfLocalDate,
  zoneOffsetMs,
} from '@wattboard/zone-time';

/** How instants map to buckets: start(ts) ≤ ts < end(start(ts)). */
export interface BucketScheme {
  start(ts: number): number;
  end(start: number): number;
}

export interface Bucket {
  start: number;
  end: number;
}

export function quarterHourStart(ts: number): number {
  return Math.floor(ts / QUARTER_MS) * QUARTER_MS;
}

export function quarterHourEnd(start: number): number {
  return start + QUARTER_MS;
}

function offsetChangeAfter(low: number, high: number, timeZone: string, offset: number): number {
  // The instant in (low, high] from which the zone's offset is `offset` (minute precision).
  let lo = Math.floor(low / MINUTE_MS);
  let hi = Math.ceil(high / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffsetMs(mid * MINUTE_MS, timeZone) === offset) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}

/**
 * Start of the factory-local hour holding ts. Where the offset changed inside
 * that local hour (only zones with half-hour shifts), the bucket starts at the
 * change, so buckets never overlap and never leave a gap.
 */
export function localHourStart(ts: number, timeZone: string): number {
  const offset = zoneOffsetMs(ts, timeZone);
  const candidate = Math.floor((ts + offset) / HOUR_MS) * HOUR_MS - offset;
  if (zoneOffsetMs(candidate, timeZone) === offset) return candidate;
  return offsetChangeAfter(candidate, ts, timeZone, offset);
}

/** End of the local-hour bucket that starts at `start` (= the next bucket's start). */
export function localHourEnd(start: number, timeZone: string): number {
  const p = localParts(start, timeZone);
  const sameOffset =
    zoneOffsetMs(start, timeZone) === zoneOffsetMs(start + HOUR_MS, timeZone) &&
    p.minute === 0 &&
    p.second === 0;
  if (sameOffset) return start + HOUR_MS;
  let end = localHourStart(start + HOUR_MS, timeZone);
  if (end <= start) end = start + HOUR_MS;
  // Never skip a bucket: pull the end back while another boundary lies before it.
  for (let earlier = localHourStart(end - 1, timeZone); earlier > start;) {
    end = earlier;
    earlier = localHourStart(end - 1, timeZone);
  }
  return end;
}

/** Factory-local midnight (or the date's first instant) of the day holding ts. */
export function localDayStart(ts: number, timeZone: string): number {
  const p = localParts(ts, timeZone);
  return startOfLocalDate(p.year, p.month, p.day, timeZone);
}

/** Start of the next local day: 23, 24 or 25 hours after `start`. */
export function localDayEnd(start: number, timeZone: string): number {
  const p = localParts(start, timeZone);
  return startOfLocalDate(p.year, p.month, p.day + 1, timeZone);
}

export const quarterHours: BucketScheme = { start: quarterHourStart, end: quarterHourEnd };

export function localHours(timeZone: string): BucketScheme {
  return {
    start: (ts) => localHourStart(ts, timeZone),
    end: (start) => localHourEnd(start, timeZone),
  };
}

export function localDays(timeZone: string): BucketScheme {
  return {
    start: (ts) => localDayStart(ts, timeZone),
    end: (start) => localDayEnd(start, timeZone),
  };
}

/** Every bucket of the scheme that overlaps [from, to), in order. */
export function bucketsOverlapping(from: number, to: number, scheme: BucketScheme): Bucket[] {
  const buckets: Bucket[] = [];
  for (let start = scheme.start(from); start < to;) {
    const end = scheme.end(start);
    if (end <= start) throw new Error(`Bucket at ${start} does not advance`);
    buckets.push({ start, end });
    start = end;
  }
  return buckets;
}

/** Length of a bucket in hours (a DST day: 23 or 25). */
export function bucketHours(bucket: Bucket): number {
  return (bucket.end - bucket.start) / HOUR_MS;
}
