import { readEndOfDayDateTime } from '@wattboard/contract';
import {
  addDays,
  DAY_MS,
  datesBetween,
  HOUR_MS,
  QUARTER_MS,
  type ZoneClock,
} from '@wattboard/zone-time';

/** Half-open range of instants [from, to), epoch milliseconds. */
export interface InstantRange {
  from: number;
  to: number;
}

/** Every range bound is a multiple of this: the 15-minute blocks all figures are built from. */
export const RANGE_GRID_MS = QUARTER_MS;

/** Longest range a monitor call answers (the heatmap then holds a year of days). */
export const MONITOR_RANGE_LIMIT_DAYS = 366;

/** One factory-local day and the instants it spans (23, 24 or 25 hours). */
export interface LocalDay {
  date: string;
  from: number;
  to: number;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

/** "+08" and "+0800" → "+08:00", which every Date.parse understands. */
function normalizeOffset(value: string): string {
  return value.replace(/([+-]\d{2})$/, '$1:00').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

/**
 * One bound of a monitor range as an instant. A day means its local midnight,
 * and for the end bound the next day's midnight (days are inclusive). A
 * date-time with an offset is absolute; without one it is factory-local. An
 * end of 23:59 (or 23:59:59…) is how many clients write "to the end of the
 * day": it is read as the next day's 00:00 (readEndOfDayDateTime).
 */
export function resolveBound(raw: string, clock: ZoneClock, bound: 'start' | 'end'): number {
  const value = bound === 'end' ? readEndOfDayDateTime(raw) : raw;
  if (DATE_ONLY.test(value)) {
    return clock.startOfDay(bound === 'start' ? value : addDays(value, 1));
  }
  if (HAS_OFFSET.test(value)) {
    const instant = Date.parse(normalizeOffset(value));
    if (Number.isNaN(instant)) throw new RangeError(`Unparsable date-time "${value}"`);
    return instant;
  }
  const civil = Date.parse(`${value}Z`);
  if (Number.isNaN(civil)) throw new RangeError(`Unparsable date-time "${value}"`);
  return clock.fromCivil(civil);
}

/** A monitor call's `timeRange {start, end}` as instants in the factory's zone. */
export function resolveTimeRange(
  range: { start: string; end: string },
  clock: ZoneClock,
): InstantRange {
  return {
    from: resolveBound(range.start, clock, 'start'),
    to: resolveBound(range.end, clock, 'end'),
  };
}

/** The local days a range touches, each with its own bounds (a DST day is 23 or 25 hours). */
export function localDaysOf(range: InstantRange, clock: ZoneClock): LocalDay[] {
  if (range.to <= range.from) return [];
  const first = clock.localParts(range.from).date;
  const last = clock.localParts(range.to - 1).date;
  return datesBetween(first, last).map((date) => ({
    date,
    from: clock.startOfDay(date),
    to: clock.startOfDay(addDays(date, 1)),
  }));
}

/** The factory-local calendar month containing instant t. */
export function monthOf(t: number, clock: ZoneClock): InstantRange {
  const date = clock.localParts(t).date;
  const firstDay = `${date.slice(0, 8)}01`;
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from: clock.startOfDay(firstDay), to: clock.startOfDay(next) };
}

/**
 * True when the range is at most `days` long. An hour of slack lets a range
 * of whole local days that contains a 25-hour DST day still count as `days`.
 */
export function fitsWithinDays(range: InstantRange, days: number): boolean {
  return range.to - range.from <= days * DAY_MS + HOUR_MS;
}

/** The refusal of an off-grid bound (the field is put before it). */
export const OFF_GRID =
  'must be on a quarter hour (:00, :15, :30 or :45), the 15-minute grid every figure is computed on.';

/**
 * Why a range cannot be answered as asked, or null (issue #9). Every figure of
 * the monitor calls is built from 15-minute blocks, so a bound between two
 * quarter hours (17:50) would be answered by whichever whole blocks each call
 * happened to pick: three calls gave three energies for one range. A bound
 * must be on a quarter hour (:00, :15, :30, :45, no seconds); the answer is
 * then exact and the same from every call. Refused, not rounded, so no call
 * ever answers for a range other than the one asked.
 */
export function offGridProblem(range: InstantRange, field: string): string | null {
  for (const [bound, t] of [
    ['start', range.from],
    ['end', range.to],
  ] as const) {
    if (t % RANGE_GRID_MS !== 0) return `${field}.${bound}: ${OFF_GRID}`;
  }
  return null;
}
