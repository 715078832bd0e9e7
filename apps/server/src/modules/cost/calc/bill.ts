import type { TariffDefinition } from '@wattboard/contract';
import { seasonOf, type TariffSchedule } from './tariff-schedule.ts';

/** The over-contract terms of a tariff (Taipower: 2× up to 10 % over, 3× beyond). */
export type PenaltyTerms = Pick<
  TariffDefinition,
  'penaltyTierFraction' | 'penaltyTier1Multiplier' | 'penaltyTier2Multiplier'
>;

/**
 * The over-contract penalty of a month: the peak 15-minute demand above the
 * contract capacity, the first `fraction` × capacity of it at tier 1 × the
 * basic rate per kW, the rest at tier 2 ×. 0 at or under the capacity.
 */
export function overContractPenalty(
  peakKw: number,
  capacityKw: number,
  basicRatePerKw: number,
  terms: PenaltyTerms,
): number {
  const over = Math.max(0, peakKw - capacityKw);
  const tierLimit = capacityKw * terms.penaltyTierFraction;
  const tier1 = Math.min(over, tierLimit);
  const tier2 = Math.max(0, over - tierLimit);
  return (
    basicRatePerKw * (tier1 * terms.penaltyTier1Multiplier + tier2 * terms.penaltyTier2Multiplier)
  );
}

export interface DemandCharge {
  /** TWD per kW for the month: each day's season rate, weighted 1/(days of the month). */
  basicRatePerKw: number;
  /** TWD: contract capacity × basicRatePerKw. */
  basicCharge: number;
  /** TWD: overContractPenalty at the month's peak. */
  penalty: number;
}

/**
 * The month's demand (basic) charge and penalty. `monthDates` are all the
 * local days of the month; each day is charged 1/(days) of the monthly rate
 * of its own season under the version valid that day, so a month that spans
 * seasons or a tariff change is prorated by day. Days no version covers are
 * not charged. The penalty's terms are those of the version valid on
 * `penaltyDate` (the peak's day). Null when no day of the month has a tariff.
 */
export function monthDemandCharge(
  schedule: TariffSchedule,
  monthDates: readonly string[],
  capacityKw: number,
  peakKw: number | null,
  penaltyDate: string,
): DemandCharge | null {
  let rate = 0;
  let covered = false;
  for (const date of monthDates) {
    const version = schedule.versionOn(date);
    if (!version) continue;
    covered = true;
    rate +=
      version.definition.basicChargePerKw[seasonOf(version.compiled, date)] / monthDates.length;
  }
  if (!covered) return null;
  const terms = (schedule.versionOn(penaltyDate) ?? schedule.versions[0]!).definition;
  return {
    basicRatePerKw: rate,
    basicCharge: capacityKw * rate,
    penalty: peakKw === null ? 0 : overContractPenalty(peakKw, capacityKw, rate, terms),
  };
}

export interface ProjectionInput {
  /** TWD, energy cost of the month so far (today included). */
  energyCostSoFar: number;
  /** TWD, energy cost of each of the last complete days (before today), newest first, at most 7. */
  recentDailyCosts: readonly number[];
  /** TWD, energy cost of today so far. */
  todayCost: number;
  /** Share of today's length already past (0 … 1; a DST day is 23 or 25 hours). */
  todayElapsed: number;
  /** Whole local days of the month after today. */
  daysAfterToday: number;
  /** TWD; basic charge and penalty so far (0 when unknown). */
  demandCharges: number;
}

export interface Projection {
  dailyCost: number;
  basisDays: number;
  total: number;
}

/**
 * The month's projected bill: energy so far + the daily rate × (the rest of
 * today + the days after it) + the demand charges. The daily rate is the mean
 * of the last complete days (up to 7, a week of weekdays and weekend); with
 * none, today's cost so far scaled to a whole day (0 at the day's first instant).
 */
export function projectBill(input: ProjectionInput): Projection {
  const recent = input.recentDailyCosts.slice(0, 7);
  const dailyCost =
    recent.length > 0
      ? recent.reduce((sum, cost) => sum + cost, 0) / recent.length
      : input.todayElapsed > 0
        ? input.todayCost / input.todayElapsed
        : 0;
  const daysLeft = Math.max(0, 1 - input.todayElapsed) + input.daysAfterToday;
  return {
    dailyCost,
    basisDays: recent.length,
    total: input.energyCostSoFar + dailyCost * daysLeft + input.demandCharges,
  };
}

/** Money as the API answers it: 2 decimals, never -0. */
export function roundMoney(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** roundMoney keeping null. */
export function roundMoneyOrNull(value: number | null): number | null {
  return value === null ? null : roundMoney(value);
}

/** kWh as the cost calls answer them: 3 decimals (Wh), never -0. */
export function roundKwh(value: number): number {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? 0 : rounded;
}
