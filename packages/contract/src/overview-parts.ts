import { z } from 'zod';
import { channelAction, channelStatus } from './control.ts';
import { kwhAndCo2 } from './measurements.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { isoDateTime } from './time.ts';

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

/**
 * One period of "average power usage" (factory-local today or this month so
 * far): the root's net energy (`kwh`, forward − reverse) and its CO2 (`co2`),
 * the own generation (`reverseKwh`) and the CO2 it avoided
 * (`co2Saving` = reverseKwh × factor; 0 without reverse energy), and the
 * change against the same elapsed part of the previous period (yesterday /
 * last month): `previousKwh`, `changeKwh` = kwh − previousKwh and
 * `changePercent` = changeKwh / previousKwh × 100 (null when previousKwh is 0).
 */
export const usagePeriod = kwhAndCo2.extend({
  reverseKwh: numeric,
  co2Saving: numeric,
  previousKwh: numeric,
  changeKwh: numeric,
  changePercent: nullableNumeric,
});
export type UsagePeriod = z.infer<typeof usagePeriod>;

/**
 * Demand of the factory root (15-minute block average kW): `valueKW` the
 * newest complete block, `maxKW` today's highest, `monthMaxKW` this month's
 * highest, and the contract capacity (null when the factory has none).
 */
export const overviewDemand = z.object({
  maxKW: nullableNumeric,
  monthMaxKW: nullableNumeric,
  valueKW: nullableNumeric,
  contractCapacityKW: nullableNumeric,
});

/** Latest kW and today's energy of one smart meter ("Power Info"). */
export const devicePowerInfo = z.object({
  id: numericId,
  chName: z.string(),
  name: z.string(),
  valueKW: nullableNumeric,
  valueKWH: numeric,
  co2KG: numeric,
  /** Time of the meter's newest stored reading; null when it never reported. */
  lastReadingTime: isoDateTime.nullable(),
});

/**
 * One channel group of controlled devices ("Switch" relays or "IR Control"
 * air conditioners). `deviceModelName` is the group's channel type; `status`
 * is `on` when any channel reports on, `offline` when every channel is
 * offline, else `off`.
 */
export const overviewControl = z.object({
  controlMode: z.enum(['Switch', 'IR Control']),
  deviceModelName: z.string(),
  status: channelStatus,
  channelGroupId: numericId,
  groupName: z.string(),
  /** Additive: the group's Chinese name; blank shows groupName. */
  groupChName: z.string().default(''),
  /** The group's master switch. */
  isOn: z.boolean(),
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

/**
 * The consumers (leaf nodes of the tree) of their newest complete 15-minute
 * block by kW, highest first; `totalKW` is their sum and `percentage` each
 * one's share of it; at or above `percentageThreshold` % it is a big consumer.
 */
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
      isBigConsumer: z.boolean(),
    }),
  ),
});

export const powerDiaryStatus = z.enum(['info', 'warning', 'alarm', 'control']);
export type PowerDiaryStatus = z.infer<typeof powerDiaryStatus>;

export const powerDiaryKind = z.enum([
  'alarmOpened',
  'alarmCleared',
  'meterOffline',
  'meterOnline',
  'dayDemandMax',
  'monthDemandMax',
  'demandNearCapacity',
  /** Issue #15: a new monthly peak above the contract capacity raised the over-contract penalty. */
  'demandChargeRaised',
  'commandSent',
  'commandConfirmed',
  // Control (#12): a device did not confirm its command within 60 s and shows offline.
  'commandUnanswered',
  // Demand management (#15): a channel shed over the target, and given back.
  'demandShed',
  'demandRestored',
]);
export type PowerDiaryKind = z.infer<typeof powerDiaryKind>;

/**
 * One happening of today's power diary, newest first. `description` is
 * English, `descriptionZh` Traditional Chinese.
 */
export const powerDiaryEntry = z.object({
  status: powerDiaryStatus,
  kind: powerDiaryKind,
  time: isoDateTime,
  description: z.string(),
  descriptionZh: z.string(),
  /** The monitoring point it concerns, when there is one. */
  nodeId: numericId.nullable(),
});
export type PowerDiaryEntry = z.infer<typeof powerDiaryEntry>;

/** An unresolved alarm event (same texts as the hub's AlertReceived: *Text English, title/desc zh). */
export const overviewOpenAlarm = z.object({
  id: numericId,
  nodeId: numericId.nullable(),
  time: isoDateTime,
  titleText: z.string(),
  descText: z.string(),
  title: z.string(),
  desc: z.string(),
});
