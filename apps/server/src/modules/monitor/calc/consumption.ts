import { WEEKDAYS, type SegmentInfo } from '@wattboard/contract';
import {
  civilDay,
  clockMinutes,
  datesBetween,
  DAY_MS,
  MINUTE_MS,
  weekdayOf,
  type ZoneClock,
} from '@wattboard/zone-time';
import { isFutureSlot } from './future-slot.ts';
import { roundMeasure } from './rounding.ts';
import { OFF_GRID, type InstantRange } from './time-range.ts';

export interface ConsumptionSegments {
  /** One time window per matching day, as instants. */
  segments: InstantRange[];
  /** Matching days whose date has begun by `now`: the divisor of the daily average. */
  daysSoFar: number;
}

/**
 * The slices of time a consumption query adds up. Each day of the date range
 * whose weekday is chosen contributes one window starting on that day at
 * startTime. A window whose end is before its start runs past midnight into
 * the next day (22:00–06:00 on Saturday is Saturday night until Sunday 06:00);
 * equal start and end mean a whole 24 hours. Times are the factory's wall
 * clock, so a window keeps its clock times across daylight-saving changes.
 * Times are quarter hours (segmentGridProblem), so each window holds whole
 * 15-minute buckets and its energy is exact.
 */
export function consumptionSegments(
  info: SegmentInfo,
  clock: ZoneClock,
  now: number,
): ConsumptionSegments {
  const chosen = new Set(info.weekdays.map((day) => WEEKDAYS.indexOf(day)));
  const start = clockMinutes(info.timeRange.startTime) * MINUTE_MS;
  const endClock = clockMinutes(info.timeRange.endTime) * MINUTE_MS;
  const end = endClock > start ? endClock : endClock + DAY_MS;

  const segments: InstantRange[] = [];
  let daysSoFar = 0;
  for (const date of datesBetween(info.dateRange.startDate, info.dateRange.endDate)) {
    if (!chosen.has(weekdayOf(date))) continue;
    const midnight = civilDay(date);
    segments.push({ from: clock.fromCivil(midnight + start), to: clock.fromCivil(midnight + end) });
    if (!isFutureSlot(clock.fromCivil(midnight), now)) daysSoFar += 1;
  }
  return { segments, daysSoFar };
}

/**
 * The query's times must be quarter hours, like every monitor range bound
 * (offGridProblem): a window 17:50–18:10 would otherwise be answered from
 * whole 15-minute blocks. Returns the problem naming the field, or null.
 */
export function segmentGridProblem(info: SegmentInfo): string | null {
  for (const field of ['startTime', 'endTime'] as const) {
    if (clockMinutes(info.timeRange[field]) % 15 !== 0) {
      return `segmentInfo.timeRange.${field}: ${OFF_GRID}`;
    }
  }
  return null;
}

export interface ConsumptionSummary {
  totalConsumed: number;
  totalCo2: number;
  dailyAverage: number;
  dailyCo2: number;
}

/**
 * Totals and per-day averages (CO2 summed by the caller, each year's energy at
 * its own factor). Future days are not counted, so "this month"
 * asked mid-month averages over the days that have happened; with no such day
 * the averages are 0 rather than a division by zero.
 */
export function consumptionSummary(
  totalKwh: number,
  totalCo2: number,
  daysSoFar: number,
): ConsumptionSummary {
  const perDay = (value: number) => (daysSoFar > 0 ? value / daysSoFar : 0);
  return {
    totalConsumed: roundMeasure(totalKwh),
    totalCo2: roundMeasure(totalCo2),
    dailyAverage: roundMeasure(perDay(totalKwh)),
    dailyCo2: roundMeasure(perDay(totalCo2)),
  };
}
