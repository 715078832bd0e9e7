import { z } from 'zod';
import { defineCall } from './call.ts';
import { withResponseEnvelope } from './envelope.ts';
import { chartPoint } from './measurements.ts';
import { monitorDeviceRequest } from './monitor.ts';
import { dayType, type DayType } from './tariff.ts';
import { localDate } from './time.ts';

/**
 * A point's typical day (issue #27, "a baseline per point by day type and
 * quarter hour"): for each day of the range, the median kW of each quarter
 * hour over the latest BASELINE_DAYS earlier days of the same day type that
 * have data, looked for within BASELINE_LOOKBACK_DAYS. Day types are those of
 * the factory's tariff calendar: weekdays, Saturdays, Sundays and off-peak
 * days (holidays). kW is net (forward minus reverse energy of the quarter × 4).
 */
export const BASELINE_DAYS = 8;
export const BASELINE_LOOKBACK_DAYS = 70;
/** Longer ranges show no typical day: a month's quarters are what a chart can still tell apart. */
export const BASELINE_RANGE_LIMIT_DAYS = 31;
/** A day counts towards a baseline when it has data for at least this share of its quarters. */
export const BASELINE_MIN_COVERAGE = 0.9;

/** The tariff's day types: a holiday of its calendar counts as sundayHoliday. */
export const baselineDayType = dayType;
export type BaselineDayType = DayType;

/** The same request as Monitor/Device: the point and the range. */
export const monitorBaselineRequest = monitorDeviceRequest;
export const monitorBaselineResponse = withResponseEnvelope({
  /** One point per quarter hour of the range: the typical kW, null where no earlier day has it. */
  baselineKw: z.array(chartPoint),
  /** Each local day of the range, its day type and the earlier days its baseline is made of. */
  days: z.array(
    z.object({ date: localDate, dayType: baselineDayType, basedOn: z.array(localDate) }),
  ),
});
export type MonitorBaselineResponse = z.infer<typeof monitorBaselineResponse>;

export const monitorBaseline = defineCall({
  method: 'POST',
  path: '/v1/Web/Monitor/Device/Baseline',
  auth: true,
  request: monitorBaselineRequest,
  response: monitorBaselineResponse,
});
