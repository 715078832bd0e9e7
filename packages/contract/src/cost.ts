import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField, factoryLocalDateTime } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId } from './input.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { segmentInfo } from './monitor.ts';
import { civilDaysBetween } from './overview.ts';
import { ENERGY_RANGE_LIMIT_DAYS, energyInterval } from './report-energy.ts';
import { COST_CURRENCY, touPeriod } from './tariff.ts';
import { isOrderedRange, isoDateTime, localDate } from './time.ts';

export * from './tariff.ts';
export * from './tariff-rules.ts';
export * from './tariff-default.ts';
export * from './tariff-account.ts';
export * from './tariff-account-rules.ts';

/**
 * Electricity cost (issue #15). Every figure is in the tariff's currency
 * (`currency`, always "TWD"), rounded to 2 decimals; kWh are net (forward −
 * reverse, as the rollups book the node), rounded to 3 decimals. A node that
 * feeds energy back has negative net kWh in a bucket and so a negative cost
 * there (the energy is priced linearly, so children add up to their parent).
 * Cost of a 15-minute bucket = its net kWh × the rate of the period its start
 * falls in, in factory-local time, under the tariff version valid that day.
 * A cost is null where no tariff version covers the time (before the first).
 */

/** Name, source and validity of the tariff in force (the version valid today). */
export const tariffInfo = z.object({
  /** Id of the tariff version. */
  versionId: numericId,
  name: z.string(),
  nameZh: z.string(),
  /** Where the figures come from (publisher, document, URL). */
  source: z.string(),
  /** Additive: the source in Chinese; blank shows `source`. */
  sourceZh: z.string().default(''),
  /** The day the published rates took effect, per the source; null when unknown. */
  sourceValidFrom: localDate.nullable(),
  /** The factory-local day this version applies from. */
  validFrom: localDate,
  /** Free note, e.g. that the default is a model to be checked against the contract. */
  note: z.string(),
});
export type TariffInfo = z.infer<typeof tariffInfo>;

/** `factoryId` 0 (the default) means the caller's factory. Any signed-in user of it. */
export const costSummaryRequest = withRequestEnvelope({ factoryId: factoryIdField });

/**
 * One billing point's bill (issue #24): a Taipower account billed on its
 * node's net draw over its own billing period, from its meter-reading day to
 * the day before the next one (a reading day of 1 is the calendar month).
 */
export const billingPointBill = z.object({
  /** The monitoring point the account is billed on. */
  nodeId: numericId,
  chName: z.string(),
  name: z.string(),
  /** The factory's first top-level point (the Overview's root). */
  main: z.boolean(),
  /** First and last factory-local day of the current billing period. */
  periodFrom: localDate,
  periodTo: localDate,
  /** Net kWh of the period so far. */
  kwh: numeric,
  /** TWD; energy cost of the period so far; null without a tariff. */
  energyCost: nullableNumeric,
  /** kW; the period's highest complete 15-minute block of net draw; null without data. */
  peakDemandKw: nullableNumeric,
  peakDemandAt: isoDateTime.nullable(),
  contractCapacityKw: nullableNumeric,
  /**
   * TWD; as the factory's month fields, for this point and its period. The
   * basic charge holds a low-voltage table's per-account charge (按戶計收),
   * and the total is × the industry coefficient of the point's tariff
   * (decision 0068; 1 without one).
   */
  basicCharge: nullableNumeric,
  penalty: nullableNumeric,
  /**
   * The period's power factor so far (imported kWh against lagging kvarh),
   * whole per cent; null where the meter sends no kvarh.
   */
  powerFactorPercent: nullableNumeric.default(null),
  /**
   * TWD; Taipower's adjustment at that power factor on basic and energy
   * charges (0.1 % per per cent from 80 %, at most −1.5 %); in total and
   * projectedTotal; null where there is no power factor.
   */
  powerFactorAdjustment: nullableNumeric.default(null),
  total: nullableNumeric,
  projectedTotal: nullableNumeric,
});
export type BillingPointBill = z.infer<typeof billingPointBill>;

/**
 * The Overview's cost card: the factory's bill, the sum of its billing points'
 * (each over its own current billing period). The main point is the factory
 * root, the same node as the Overview's kWh; "today" is factory-local, up to now.
 */
export const costSummaryResponse = withResponseEnvelope({
  /** Always "TWD". */
  currency: z.literal(COST_CURRENCY),
  dtNowFactory: factoryLocalDateTime,
  /** The tariff in force today; null when the factory has none (then every cost is null). */
  tariff: tariffInfo.nullable(),
  today: z.object({
    /** Net kWh of every billing point today so far (the Overview's day kwh). */
    kwh: numeric,
    /** TWD; energy cost of today so far; null without a tariff. */
    cost: nullableNumeric,
  }),
  month: z.object({
    /** The factory-local month of today, yyyy-MM. */
    month: z.string(),
    /**
     * Additive: the main point's current billing period (first and last
     * day); the calendar month when its meter-reading day is 1. Each
     * billing point's own period is in `billingPoints`.
     */
    periodFrom: localDate.optional(),
    periodTo: localDate.optional(),
    /** Net kWh of every billing point over its period so far. */
    kwh: numeric,
    /** TWD; energy (流動) cost of the month so far; null without a tariff. */
    energyCost: nullableNumeric,
    /** kW; the main point's highest complete 15-minute block of the period; null without data. */
    peakDemandKw: nullableNumeric,
    /** Start of that block, factory-local with offset; null without data. */
    peakDemandAt: isoDateTime.nullable(),
    /** kW; the main point's contract capacity; null when not set (then no demand charge there). */
    contractCapacityKw: nullableNumeric,
    /**
     * TWD; the basic (demand) charge of the whole month: contract capacity ×
     * the season's rate per kW, per day when the month spans seasons or
     * versions. Null without a tariff or a contract capacity.
     */
    basicCharge: nullableNumeric,
    /**
     * TWD; the over-contract penalty from peakDemandKw so far (0 when at or
     * under the capacity). Null without a tariff or a contract capacity.
     */
    penalty: nullableNumeric,
    /**
     * Additive: TWD; the billing points' power-factor adjustments summed
     * (null when no point has a power factor); part of total and projectedTotal.
     */
    powerFactorAdjustment: nullableNumeric.default(null),
    /**
     * TWD; energyCost + basicCharge + penalty + powerFactorAdjustment (missing
     * parts count 0), each point's × its industry coefficient (decision 0068);
     * null without a tariff.
     */
    total: nullableNumeric,
    /**
     * TWD; the projected bill: energyCost + projectedDailyCost × the days
     * left (the rest of today as a fraction, then the whole days to the
     * month's end) + basicCharge + penalty so far. Null without a tariff.
     */
    projectedTotal: nullableNumeric,
    /**
     * TWD per day used for the projection: the average energy cost of the
     * last complete factory-local days that have energy (up to 7 of the 7
     * days before today, may reach into the previous month); with none,
     * today's cost so far scaled to a whole day. Null without a tariff.
     */
    projectedDailyCost: nullableNumeric,
    /** How many complete days projectedDailyCost averages (0: scaled from today). */
    projectionBasisDays: z.number().int().nonnegative(),
  }),
  /**
   * Additive: each billing point's bill, the main point first; the month's
   * kwh, energyCost, basicCharge, penalty, total and projectedTotal are their
   * sums (a point without a figure counts 0 there).
   */
  billingPoints: z.array(billingPointBill).default([]),
});
export type CostSummaryResponse = z.infer<typeof costSummaryResponse>;

export const costSummary = defineCall({
  method: 'POST',
  path: '/v1/Web/Cost/Summary',
  auth: true,
  request: costSummaryRequest,
  response: costSummaryResponse,
});

/**
 * A node's cost over factory-local days startDate..endDate (both included;
 * the Consumption Query's date rule: endDate not before startDate), bucketed
 * by `interval` (the Report's: quarterHour, hour, day, month; default day),
 * with the Report's longest range per interval (ENERGY_RANGE_LIMIT_DAYS).
 * A node of another factory answers 1009 IoTDeviceNotFound, like Monitor.
 */
export const costNodeRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  deviceId: inputId,
  startDate: localDate,
  endDate: localDate,
  interval: energyInterval.default('day'),
  /**
   * Optional: only the 15-minute buckets that start inside the Consumption
   * Query's windows count (its time window on its weekdays over its
   * dateRange, times on quarter hours), on the days of both ranges; the
   * series still lists every interval (0 kWh outside the windows). A window
   * that runs past midnight counts to its end, also on endDate: the series
   * then runs on to that end (its last bucket ends there). With the same
   * dates, totalKwh equals the Consumption Query's totalConsumed.
   */
  segmentInfo: segmentInfo.optional(),
})
  .refine((r) => isOrderedRange(r.startDate, r.endDate), {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  })
  .refine(
    (r) => !(civilDaysBetween(r.startDate, r.endDate) + 1 > ENERGY_RANGE_LIMIT_DAYS[r.interval]),
    {
      message: 'endDate: the range is too long for this interval (quarterHour 31 days, hour 124)',
      path: ['endDate'],
    },
  );
export type CostNodeRequest = z.input<typeof costNodeRequest>;

/** Net kWh and cost of one time-of-use period over the range. */
export const periodCost = z.object({ period: touPeriod, kwh: numeric, cost: nullableNumeric });

/** One bucket of the series; every bucket of the range is listed, also those without data. */
export const costBucket = z.object({
  /** Start, factory-local with offset (a day or month starts at local midnight). */
  start: isoDateTime,
  /** End (exclusive), factory-local with offset. */
  end: isoDateTime,
  /** Net kWh; 0 without data; null for a bucket that has not begun yet ("no data yet"). */
  kwh: nullableNumeric,
  /** TWD; null when no tariff version covers the bucket, or it has not begun yet. */
  cost: nullableNumeric,
  /**
   * The period when the whole bucket is in one (always for quarterHour);
   * null when it spans several periods or has no tariff.
   */
  period: touPeriod.nullable(),
});
export type CostBucket = z.infer<typeof costBucket>;

export const costNodeResponse = withResponseEnvelope({
  currency: z.literal(COST_CURRENCY),
  deviceId: numericId,
  interval: energyInterval,
  /** Net kWh over the range (equals the Consumption Query / Monitor total for the same days). */
  totalKwh: numeric,
  /** TWD over the range; null when no tariff covers any of it. */
  totalCost: nullableNumeric,
  /** The range split by period, in TOU_PERIODS order (all three, zeros included). */
  byPeriod: z.array(periodCost),
  /** In time order. Σ of rounded bucket costs may differ from totalCost by cents. */
  series: z.array(costBucket),
});
export type CostNodeResponse = z.infer<typeof costNodeResponse>;

export const costNode = defineCall({
  method: 'POST',
  path: '/v1/Web/Cost/Node',
  auth: true,
  request: costNodeRequest,
  response: costNodeResponse,
});

/** The cost calls of the Overview and Monitoring Point (not in `calls`). */
export const costCalls = { costSummary, costNode } as const;
