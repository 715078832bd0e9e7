import {
  BASELINE_DAYS,
  BASELINE_LOOKBACK_DAYS,
  BASELINE_MIN_COVERAGE,
  type BaselineDayType,
} from '@wattboard/contract';
import { addDays } from '@wattboard/zone-time';

/** A local day's quarter hours: minute of the day (0, 15, … 1425) → mean net kW. */
export type DayProfile = ReadonlyMap<number, number>;

/** One 15-minute rollup, as read: its start, energies and how many readings fell in it. */
export interface QuarterEnergy {
  start: number;
  kwhForward: number;
  kwhReverse: number;
  samples: number;
}

/** A stretch without readings longer than this (an hour) is an outage, not a slow meter. */
export const MAX_SILENT_QUARTERS = 4;

/**
 * The quarters that tell how the load ran. A quarter without a reading
 * carries the counter's step spread over the gap: for a meter read hourly
 * that is the hour's mean, fine; for a meter down half a day it is a flat
 * line that never happened. So runs of more than MAX_SILENT_QUARTERS
 * consecutive quarters without a reading are left out.
 */
export function measuredQuarters(rows: readonly QuarterEnergy[]): QuarterEnergy[] {
  const kept: QuarterEnergy[] = [];
  let silent: QuarterEnergy[] = [];
  const flush = () => {
    if (silent.length <= MAX_SILENT_QUARTERS) kept.push(...silent);
    silent = [];
  };
  for (const row of rows) {
    const previous = silent.at(-1);
    if (previous && row.start !== previous.start + QUARTER_MS) flush();
    if (row.samples > 0) {
      flush();
      kept.push(row);
    } else silent.push(row);
  }
  flush();
  return kept;
}

/** Where an instant falls on the factory's wall clock. */
export type LocalPartsOf = (instant: number) => { date: string; minuteOfDay: number };

const QUARTERS_PER_DAY = 96;
const QUARTER_MS = 15 * 60_000;

/**
 * The quarters grouped by local day, each as its mean net kW (the quarter's
 * net energy × 4). On the night the clocks go back two quarters share a
 * wall-clock time: their mean stands for it.
 */
export function dayProfiles(
  rows: readonly QuarterEnergy[],
  partsOf: LocalPartsOf,
): Map<string, DayProfile> {
  const sums = new Map<string, Map<number, { kw: number; n: number }>>();
  for (const row of rows) {
    const { date, minuteOfDay } = partsOf(row.start);
    const quarter = minuteOfDay - (minuteOfDay % 15);
    const day = sums.get(date) ?? new Map<number, { kw: number; n: number }>();
    sums.set(date, day);
    const cell = day.get(quarter) ?? { kw: 0, n: 0 };
    cell.kw += (row.kwhForward - row.kwhReverse) * 4;
    cell.n += 1;
    day.set(quarter, cell);
  }
  const profiles = new Map<string, DayProfile>();
  for (const [date, day] of sums) {
    profiles.set(date, new Map([...day].map(([quarter, cell]) => [quarter, cell.kw / cell.n])));
  }
  return profiles;
}

/**
 * The days a day's baseline is made of: the latest BASELINE_DAYS days before
 * it, of its day type, with data for at least BASELINE_MIN_COVERAGE of their
 * quarters (a day a meter was down would drag the median), looked for within
 * BASELINE_LOOKBACK_DAYS. Newest first.
 */
export function baselineDays(
  date: string,
  dayTypeOf: (date: string) => BaselineDayType,
  profiles: ReadonlyMap<string, DayProfile>,
): string[] {
  const type = dayTypeOf(date);
  const chosen: string[] = [];
  for (let back = 1; back <= BASELINE_LOOKBACK_DAYS && chosen.length < BASELINE_DAYS; back += 1) {
    const day = addDays(date, -back);
    const profile = profiles.get(day);
    if (!profile || dayTypeOf(day) !== type) continue;
    if (profile.size >= Math.ceil(QUARTERS_PER_DAY * BASELINE_MIN_COVERAGE)) chosen.push(day);
  }
  return chosen;
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each quarter's median over the days that have it: a typical day robust to one odd day. */
export function medianProfile(
  dates: readonly string[],
  profiles: ReadonlyMap<string, DayProfile>,
): DayProfile {
  const values = new Map<number, number[]>();
  for (const date of dates) {
    for (const [quarter, kw] of profiles.get(date) ?? []) {
      values.set(quarter, [...(values.get(quarter) ?? []), kw]);
    }
  }
  return new Map([...values].map(([quarter, kws]) => [quarter, median(kws)!]));
}
