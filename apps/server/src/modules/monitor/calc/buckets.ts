import { HOUR_MS, MINUTE_MS, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { fitsWithinDays, type InstantRange } from './time-range.ts';

/** Chart resolutions in minutes the power-detail call offers (the pages default to 5). */
export const SUPPORTED_RESOLUTIONS = [1, 5, 15, 60] as const;
export type Resolution = (typeof SUPPORTED_RESOLUTIONS)[number];

/**
 * Longest range per resolution. 1- and 5-minute charts are computed from raw
 * readings, so they stay short; 15 and 60 read rollups, and are capped so a
 * chart never carries more than ~9,000 points per series.
 */
export const RESOLUTION_LIMIT_DAYS: Record<Resolution, number> = { 1: 2, 5: 7, 15: 93, 60: 366 };

export function isSupportedResolution(value: number): value is Resolution {
  return (SUPPORTED_RESOLUTIONS as readonly number[]).includes(value);
}

/** The resolution when it can chart this range, otherwise why not (a message for the client). */
export function checkResolution(resolution: number, range: InstantRange): Resolution | string {
  if (!isSupportedResolution(resolution)) {
    return `resolution must be one of ${SUPPORTED_RESOLUTIONS.join(', ')} minutes (got ${resolution}).`;
  }
  const limit = RESOLUTION_LIMIT_DAYS[resolution];
  if (!fitsWithinDays(range, limit)) {
    return `A ${resolution}-minute chart covers at most ${limit} days; choose a shorter range or a coarser resolution.`;
  }
  return resolution;
}

export function floorTo(t: number, step: number): number {
  return Math.floor(t / step) * step;
}

export function ceilTo(t: number, step: number): number {
  return Math.ceil(t / step) * step;
}

/** Starts of the fixed-length buckets (UTC-aligned) that begin inside the range. */
export function fixedBucketStarts(range: InstantRange, step: number): number[] {
  const starts: number[] = [];
  for (let t = ceilTo(range.from, step); t < range.to; t += step) starts.push(t);
  return starts;
}

function isLocalHourStart(t: number, clock: ZoneClock): boolean {
  return clock.toCivil(t) % HOUR_MS === 0;
}

/**
 * The first local hour start strictly after t. Usually t + 1 h, but a zone
 * whose daylight saving moves the clock by 30 minutes (Lord Howe) shifts it.
 */
export function nextLocalHourStart(t: number, clock: ZoneClock): number {
  if (isLocalHourStart(t + HOUR_MS, clock)) return t + HOUR_MS;
  let next = floorTo(t, QUARTER_MS) + QUARTER_MS;
  while (!isLocalHourStart(next, clock)) next += QUARTER_MS;
  return next;
}

/** Starts of the factory-local hours beginning inside the range (23 or 25 on DST days). */
export function localHourStarts(range: InstantRange, clock: ZoneClock): number[] {
  const starts: number[] = [];
  let t = ceilTo(range.from, QUARTER_MS);
  while (t < range.to && !isLocalHourStart(t, clock)) t += QUARTER_MS;
  for (; t < range.to; t = nextLocalHourStart(t, clock)) starts.push(t);
  return starts;
}

/**
 * The buckets of an hourly chart: factory-local hours clipped to the range.
 * A range on the 15-minute grid need not start or end on an hour (17:45 to
 * 19:15), and the chart must add up to the range's energy like every other
 * call, so the first and last points may be partial hours (17:45–18:00 and
 * 19:00–19:15), each shown at its own start.
 */
export function clippedLocalHourStarts(range: InstantRange, clock: ZoneClock): number[] {
  const hours = localHourStarts(range, clock);
  return range.from < range.to && hours[0] !== range.from ? [range.from, ...hours] : hours;
}

/** End of the hourly chart bucket starting at `start`: the next local hour, or the range end. */
export function clippedLocalHourEnd(start: number, range: InstantRange, clock: ZoneClock): number {
  return Math.min(nextLocalHourStart(start, clock), range.to);
}

/**
 * Where an hourly chart's figures come from: the hourly rollups for the whole
 * local hours inside the range, the 15-minute rollups for the partial hours at
 * its edges. Null `hours` when no whole hour fits.
 */
export function hourlyReadPlan(
  range: InstantRange,
  clock: ZoneClock,
): { hours: InstantRange | null; quarters: InstantRange[] } {
  const starts = localHourStarts(range, clock);
  const whole = starts.filter((start) => nextLocalHourStart(start, clock) <= range.to);
  const first = whole[0];
  const last = whole.at(-1);
  if (first === undefined || last === undefined) return { hours: null, quarters: [range] };
  const hours = { from: first, to: nextLocalHourStart(last, clock) };
  const quarters = [
    { from: range.from, to: hours.from },
    { from: hours.to, to: range.to },
  ].filter((part) => part.to > part.from);
  return { hours, quarters };
}

/** The bucket starts of a chart at this resolution: UTC-aligned minutes, or local hours. */
export function chartAxis(resolution: Resolution, range: InstantRange, clock: ZoneClock): number[] {
  return resolution === 60
    ? clippedLocalHourStarts(range, clock)
    : fixedBucketStarts(range, resolution * MINUTE_MS);
}
