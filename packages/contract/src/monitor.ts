import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import {
  balance,
  chartPoint,
  energyDistributionEntry,
  monitorDemand,
  phaseReadings,
} from './measurements.ts';
import { inputId } from './input.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { clockTime, dateOrDateTime, endClockTime, isOrderedRange, localDate } from './time.ts';

/** Range of a monitor query; bounds are days or moments in the factory's zone. */
export const monitorTimeRange = z
  .object({ start: dateOrDateTime, end: dateOrDateTime })
  .refine((r) => isOrderedRange(r.start, r.end), {
    message: 'end must not be before start',
    path: ['end'],
  });

const monitorDeviceFields = {
  factoryId: factoryIdField,
  deviceId: inputId,
  timeRange: monitorTimeRange,
};

/** One circuit of the monitored device. */
export const monitorChannel = z.object({
  id: numericId,
  chName: z.string(),
  name: z.string(),
  breakerType: z.string().nullable(),
  frequencyHz: nullableNumeric,
  isVirtual: z.boolean().default(false),
  hasReverseKWH: z.boolean(),
  positiveKWH: numeric,
  reverseKWH: numeric,
  valueKWH: numeric,
  co2KG: numeric,
  demand: monitorDemand,
  channels: phaseReadings,
  balance,
});
export type MonitorChannel = z.infer<typeof monitorChannel>;

export const monitorDeviceRequest = withRequestEnvelope(monitorDeviceFields);
export const monitorDeviceResponse = withResponseEnvelope({
  deviceid: numericId,
  description: z.string(),
  channelList: z.array(monitorChannel),
  energyDistribution: z.array(energyDistributionEntry),
});
export type MonitorDeviceResponse = z.infer<typeof monitorDeviceResponse>;

export const monitorDevice = defineCall({
  method: 'POST',
  path: '/v1/Web/Monitor/Device',
  auth: true,
  request: monitorDeviceRequest,
  response: monitorDeviceResponse,
});

/** Chart resolution in minutes; the pages default to 5. */
export const DEFAULT_RESOLUTION = 5;

export const energyChart = z.object({
  useKwh: z.object({ value: numeric, co2: numeric }),
  maxKwh: numeric,
  peakKwh: numeric,
  peakKw: numeric,
  hasReverseKWH: z.boolean(),
  kwhChart: z.array(chartPoint),
  avgKwChart: z.array(chartPoint),
  maxKwChart: z.array(chartPoint),
  /** Forward (consumed) and reverse (fed back) energy, when the meter measures reverse energy. */
  powerUsage_P: z.array(chartPoint).optional(),
  powerUsage_R: z.array(chartPoint).optional(),
});
export type EnergyChart = z.infer<typeof energyChart>;

export const monitorPowerDetailRequest = withRequestEnvelope({
  ...monitorDeviceFields,
  resolution: numeric
    .pipe(z.number().int().positive('resolution must be a positive number of minutes'))
    .default(DEFAULT_RESOLUTION),
});
export const monitorPowerDetailResponse = withResponseEnvelope({ energyChart });
export type MonitorPowerDetailResponse = z.infer<typeof monitorPowerDetailResponse>;

export const monitorPowerDetail = defineCall({
  method: 'POST',
  path: '/v1/Web/Monitor/Device/Power/Detail',
  auth: true,
  request: monitorPowerDetailRequest,
  response: monitorPowerDetailResponse,
});

/** Weekdays as the consumption query names them, Sunday first. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const weekday = z.enum(WEEKDAYS, {
  error: 'weekdays must be among Sun, Mon, Tue, Wed, Thu, Fri, Sat',
});
export type Weekday = z.infer<typeof weekday>;

/**
 * Which slices of the range to add up. A time window whose end is before its
 * start runs past midnight (22:00–06:00 finds the night shift's use).
 */
export const segmentInfo = z.object({
  dateRange: z
    .object({ startDate: localDate, endDate: localDate })
    .refine((r) => isOrderedRange(r.startDate, r.endDate), {
      message: 'endDate must not be before startDate',
      path: ['endDate'],
    }),
  /** endTime 23:59 (or 23:59:59) means to the end of the day and is read as 24:00. */
  timeRange: z.object({ startTime: clockTime, endTime: endClockTime }),
  weekdays: z.array(weekday).min(1, 'Choose at least one weekday'),
});
export type SegmentInfo = z.infer<typeof segmentInfo>;

export const consumptionQueryRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  deviceId: inputId,
  segmentInfo,
});
export const consumptionQueryResponse = withResponseEnvelope({
  totalConsumed: numeric,
  totalCo2: numeric,
  dailyAverage: numeric,
  dailyCo2: numeric,
});
export type ConsumptionQueryResponse = z.infer<typeof consumptionQueryResponse>;

export const consumptionQuery = defineCall({
  method: 'POST',
  path: '/v1/Web/Monitor/Device/ConsumptionQuery',
  auth: true,
  request: consumptionQueryRequest,
  response: consumptionQueryResponse,
});
