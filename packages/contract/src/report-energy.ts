import { z } from 'zod';
import { defineCall } from './call.ts';
import { channelListEntry } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { orderedRange, reportRangeFields } from './report-range.ts';
import { isoDateTime } from './time.ts';

/** Interval of the energy view; days and months are factory-local. */
export const ENERGY_INTERVALS = ['quarterHour', 'hour', 'day', 'month'] as const;
export const energyInterval = z.enum(ENERGY_INTERVALS, {
  error: 'interval must be one of quarterHour, hour, day, month',
});
export type EnergyInterval = z.infer<typeof energyInterval>;

/** Longest range per interval, in days (keeps an answer under ~3,000 rows per channel). */
export const ENERGY_RANGE_LIMIT_DAYS: Readonly<Record<EnergyInterval, number>> = {
  quarterHour: 31,
  hour: 124,
  day: 3660,
  month: 3660,
};

/**
 * Energy of one channel (or its total over the range). Units: kWh, kg, kW.
 * kwhNet = forward − reverse; co2KG = kwhNet × the factory's factor (as
 * Monitor/Device's valueKWH and co2KG); averageKW = kwhNet / hours;
 * maxKW = the highest kW reading in the interval (null when none).
 * kvarhLagging = the lagging reactive energy (kvarh) of the same span, the counter's
 * increase as kWh is (issue #24: power factor = kWh / √(kWh² + kvarh²)); null unless
 * every part of the span was measured by a kvarh counter (a total over a channel that
 * has none, or only partly, is unknown, never 0). Optional: older answers lack it.
 */
export const energyFigures = z.object({
  channelId: numericId,
  kwhForward: numeric,
  kwhReverse: numeric,
  kwhNet: numeric,
  kvarhLagging: nullableNumeric.optional(),
  co2KG: numeric,
  maxKW: nullableNumeric,
  averageKW: numeric,
  /**
   * TWD (issue #15): Σ over the 15-minute buckets of net kWh × the period's
   * rate of the factory's tariff (see cost.ts), rounded to 2 decimals; null
   * when no tariff version covers any of it.
   */
  cost: nullableNumeric,
});
export type EnergyFigures = z.infer<typeof energyFigures>;

/** One interval of one channel; bounds factory-local with offset, end exclusive. */
export const energyRow = energyFigures.extend({ dtStart: isoDateTime, dtEnd: isoDateTime });
export type EnergyRow = z.infer<typeof energyRow>;

export const reportEnergyRequest = withRequestEnvelope({
  ...reportRangeFields,
  interval: energyInterval.default('hour'),
}).refine(orderedRange.check, orderedRange.message);
export type ReportEnergyRequest = z.input<typeof reportEnergyRequest>;

export const reportEnergyResponse = withResponseEnvelope({
  channelList: z.array(channelListEntry),
  /** Ordered by dtStart, then channel in channelList order. */
  energyList: z.array(energyRow),
  /** Per channel over the whole range: equals Monitor/Device for the same node and range. */
  totalList: z.array(energyFigures),
});
export type ReportEnergyResponse = z.infer<typeof reportEnergyResponse>;

/** The Report page's energy view, from the rollups (a year by day is instant). */
export const reportEnergy = defineCall({
  method: 'POST',
  path: '/v1/Web/Factory/Channel/Energy',
  auth: true,
  request: reportEnergyRequest,
  response: reportEnergyResponse,
});
