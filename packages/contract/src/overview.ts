import { z } from 'zod';
import { defineCall } from './call.ts';
import { channelAction, channelStatus } from './control.ts';
import { factoryLocalDateTime } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { chartPoint, energyDistributionEntry, kwhAndCo2 } from './measurements.ts';
import { inputId } from './input.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { isoDateTime, isOrderedRange, localDate } from './time.ts';

/** A node of the detect line (the monitoring-point tree), with its children. */
export interface DetectLineNode {
  id?: number | undefined;
  chName: string;
  name: string;
  type: string;
  isVirtual: boolean;
  children: DetectLineNode[];
}

export const detectLineNode: z.ZodType<DetectLineNode, unknown> = z.object({
  id: numericId.optional(),
  chName: z.string(),
  name: z.string(),
  type: z.string(),
  isVirtual: z.boolean().default(false),
  get children() {
    return z.array(detectLineNode);
  },
});

/** Latest kW and today's energy of one monitoring point ("Power Info"). */
export const devicePowerInfo = z.object({
  id: numericId,
  chName: z.string(),
  name: z.string(),
  valueKW: nullableNumeric,
  valueKWH: numeric,
  co2KG: numeric,
});

/** One controlled device and its channels ("Switch" relays or "IR Control" air conditioners). */
export const overviewControl = z.object({
  controlMode: z.enum(['Switch', 'IR Control']),
  deviceModelName: z.string(),
  status: channelStatus,
  details: z.array(
    z.object({
      channelScheduleId: numericId,
      chName: z.string(),
      name: z.string(),
      action: channelAction,
      status: channelStatus,
    }),
  ),
});

/** Nodes of the latest 15-minute block by kW; those at or above the threshold % are big consumers. */
export const pointRanking = z.object({
  percentageThreshold: numeric,
  totalKW: numeric,
  rankList: z.array(
    z.object({
      id: numericId,
      chName: z.string(),
      name: z.string(),
      valueKW: numeric,
      percentage: numeric,
    }),
  ),
});

export const powerDiaryEntry = z.object({
  status: z.string(),
  time: isoDateTime,
  description: z.string(),
});

export const overviewRequest = withRequestEnvelope({});
export const overviewResponse = withResponseEnvelope({
  dtNowFactory: factoryLocalDateTime,
  /** The factory's id. */
  id: numericId,
  /** Factory-local today and this month: energy and its CO2. */
  averagePowerUsage: z.object({ day: kwhAndCo2, month: kwhAndCo2 }),
  demand: z.object({
    maxKW: nullableNumeric,
    monthMaxKW: nullableNumeric,
    valueKW: nullableNumeric,
  }),
  detectLine: z.array(detectLineNode),
  devicePowerInfo: z.array(devicePowerInfo),
  controls: z.array(overviewControl),
  energyDistribution: z.array(energyDistributionEntry),
  pointRanking,
  powerDiary: z.array(powerDiaryEntry),
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

export const overviewConsumeRatioRequest = withRequestEnvelope({
  startDate: localDate,
  endDate: localDate,
  channelIdList: z.array(inputId),
}).refine((r) => isOrderedRange(r.startDate, r.endDate), {
  message: 'endDate must not be before startDate',
  path: ['endDate'],
});
export const overviewConsumeRatioResponse = withResponseEnvelope({
  barChartList: z.array(
    z.object({ date: localDate, total: kwhAndCo2, channels: z.array(channelEnergy) }),
  ),
  pieChartData: z.object({ root: channelEnergy.nullable(), items: z.array(channelEnergy) }),
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
export const overviewPowerChartRequest = withRequestEnvelope({ date: localDate.optional() });
export const overviewPowerChartResponse = withResponseEnvelope({
  factoryId: numericId,
  targetDate: localDate,
  dtNowFactory: factoryLocalDateTime,
  listPowerMaxKW: z.array(chartPoint),
  listPowerAverageKW: z.array(chartPoint),
  listPowerUsageKWH: z.array(chartPoint),
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
