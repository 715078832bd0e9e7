import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField, factoryLocalDateTime } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { chartPoint, energyDistributionEntry, kwhAndCo2 } from './measurements.ts';
import { inputId } from './input.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { isOrderedRange, localDate } from './time.ts';
import {
  detectLineNode,
  devicePowerInfo,
  overviewControl,
  overviewDemand,
  overviewOpenAlarm,
  pointRanking,
  powerDiaryEntry,
  usagePeriod,
} from './overview-parts.ts';

export * from './overview-parts.ts';

/** Whole days from one YYYY-MM-DD to another (NaN for anything else). */
export function civilDaysBetween(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
}

/** Days a consume-ratio range may cover (startDate and endDate included). */
export const CONSUME_RATIO_MAX_DAYS = 366;
/** Channels a consume-ratio request may compare. */
export const CONSUME_RATIO_MAX_CHANNELS = 50;
/** Entries of the power diary at most. */
export const POWER_DIARY_LIMIT = 50;

/** `factoryId` 0 (the default) means the caller's factory; another id must be the caller's. */
export const overviewRequest = withRequestEnvelope({ factoryId: factoryIdField });
export const overviewResponse = withResponseEnvelope({
  dtNowFactory: factoryLocalDateTime,
  /** The factory's id. */
  id: numericId,
  /** Factory-local today and this month so far: the root's energy, CO2, saving and change. */
  averagePowerUsage: z.object({ day: usagePeriod, month: usagePeriod }),
  demand: overviewDemand,
  detectLine: z.array(detectLineNode),
  devicePowerInfo: z.array(devicePowerInfo),
  controls: z.array(overviewControl),
  /** The root's last 7 factory-local days (today included), 96 values each. */
  energyDistribution: z.array(energyDistributionEntry),
  pointRanking,
  /** Today's happenings, newest first, at most POWER_DIARY_LIMIT. */
  powerDiary: z.array(powerDiaryEntry).max(POWER_DIARY_LIMIT),
  /** Unresolved alarm events, newest first (at most 20). */
  openAlarms: z.array(overviewOpenAlarm),
  hasReverseKWH: z.boolean(),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;

export const overview = defineCall({
  method: 'POST',
  path: '/v1/Web/Overview',
  auth: true,
  request: overviewRequest,
  response: overviewResponse,
});

/** One channel's share of the range: energy and CO2 with its names. */
export const channelEnergy = kwhAndCo2.extend({
  id: numericId,
  chName: z.string(),
  name: z.string(),
});

/**
 * An empty `channelIdList` compares the factory root's children. Ids of
 * another factory are answered like unknown ones (1009 IoTDeviceNotFound).
 */
export const overviewConsumeRatioRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  startDate: localDate,
  endDate: localDate,
  channelIdList: z
    .array(inputId)
    .max(
      CONSUME_RATIO_MAX_CHANNELS,
      `channelIdList holds at most ${CONSUME_RATIO_MAX_CHANNELS} channels`,
    ),
})
  .refine((r) => isOrderedRange(r.startDate, r.endDate), {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  })
  .refine((r) => !(civilDaysBetween(r.startDate, r.endDate) >= CONSUME_RATIO_MAX_DAYS), {
    message: `endDate: a range covers at most ${CONSUME_RATIO_MAX_DAYS} days`,
    path: ['endDate'],
  });
/**
 * One bar per factory-local day (net kWh, forward − reverse, and CO2); the
 * pie's `root` is the channels' common parent (or the factory root), `items`
 * each channel over the whole range, and `remainder` = root − Σ items (the
 * unmetered / other part), null when the items add up to the root (to 0.001
 * kWh); it may be negative when the chosen channels overlap or generate.
 */
export const overviewConsumeRatioResponse = withResponseEnvelope({
  /** One bar per local day of the range that has begun; a day still ahead has none (no data yet). */
  barChartList: z.array(
    z.object({ date: localDate, total: kwhAndCo2, channels: z.array(channelEnergy) }),
  ),
  pieChartData: z.object({
    root: channelEnergy.nullable(),
    items: z.array(channelEnergy),
    remainder: kwhAndCo2.nullable(),
  }),
});
export type OverviewConsumeRatioResponse = z.infer<typeof overviewConsumeRatioResponse>;

export const overviewConsumeRatio = defineCall({
  method: 'POST',
  path: '/v1/Web/Overview/ConsumeRatio',
  auth: true,
  request: overviewConsumeRatioRequest,
  response: overviewConsumeRatioResponse,
});

/** Without a date the factory's today is charted. */
export const overviewPowerChartRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  date: localDate.optional(),
});
export const overviewPowerChartResponse = withResponseEnvelope({
  factoryId: numericId,
  targetDate: localDate,
  dtNowFactory: factoryLocalDateTime,
  listPowerMaxKW: z.array(chartPoint),
  listPowerAverageKW: z.array(chartPoint),
  listPowerUsageKWH: z.array(chartPoint),
  /** Σ listPowerUsageKWH (net kWh of the day so far); equals the Overview's day kwh for today. */
  totalKWH: numeric,
  contractCapacityKW: nullableNumeric,
  hasReverseKWH: z.boolean(),
});
export type OverviewPowerChartResponse = z.infer<typeof overviewPowerChartResponse>;

export const overviewPowerChart = defineCall({
  method: 'POST',
  path: '/v1/Web/Overview/PowerChart',
  auth: true,
  request: overviewPowerChartRequest,
  response: overviewPowerChartResponse,
});
