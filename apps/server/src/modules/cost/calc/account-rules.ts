import type { TariffDefinition } from '@wattboard/contract';
import type { PointContract } from './period-demand.ts';
import type { ScheduledVersion, TariffSchedule } from './tariff-schedule.ts';

/**
 * Taipower's rules that depend on the account's voltage, contract basis and
 * size (issue #24, decision 0068 addendum), all read in T1 (Taipower's
 * detailed rate table of 2025-10-01): a month without use at 50 % basic
 * charge, the power factor's low-voltage limits, the smallest contract. Pure.
 */

/**
 * Whether a tariff is a low-voltage power table (低壓電力). A version holds no
 * voltage of its own, so it is read from what only the low-voltage tables
 * have: an installed-capacity contract, flat (non-TOU) energy or a
 * per-account charge. Each of the catalog's low-voltage kinds has at least
 * one and no high-voltage kind has any (tested over the whole catalog). A
 * low-voltage TOU table typed in by hand without its per-account charge
 * reads as high voltage: type the charge, as T1 prints it.
 */
export function isLowVoltageTariff(definition: TariffDefinition): boolean {
  return (
    definition.contractBasis === 'installed' ||
    !definition.timeOfUse ||
    definition.customerChargePerMonth > 0
  );
}

/** The smallest contract, all types together, kW (T1 第八章 二(二), p.50). */
export const MINIMUM_CONTRACT_KW = { low: 1, high: 100 } as const;

/** Low voltage 1 kW, high voltage and above 100 kW. */
export function minimumContractKw(definition: TariffDefinition): number {
  return isLowVoltageTariff(definition) ? MINIMUM_CONTRACT_KW.low : MINIMUM_CONTRACT_KW.high;
}

/** kW of every contract type together (regular 0 without a contract). */
export function contractSumKw(contract: PointContract): number {
  const { halfPeak, nonSummer, saturdayHalfPeak, offPeak } = contract.others;
  return (contract.regularKw ?? 0) + halfPeak + nonSummer + saturdayHalfPeak + offPeak;
}

/** Low voltage: the least installed or demand contract adjusted for power factor (T1 p.21). */
export const POWER_FACTOR_MIN_INSTALLED_KW = 20;
export const POWER_FACTOR_MIN_DEMAND_KW = 30;

/**
 * Whether the power-factor adjustment applies (T1 第四章 六, p.21; 第五章 六,
 * p.31): every high- and extra-high-voltage account; at low voltage only
 * three-phase accounts with an installed contract of 20 kW or more or a demand
 * contract of 30 kW or more. The supply's phases are not known to Wattboard:
 * an account of that size is taken as three-phase (a reading; see
 * docs/cost.md). The demand contract's size is read as all its types
 * together, as T1 sums them for the smallest contract (unconfirmed).
 */
export function powerFactorApplies(definition: TariffDefinition, contract: PointContract): boolean {
  if (!isLowVoltageTariff(definition)) return true;
  if (definition.contractBasis === 'installed') {
    return (contract.regularKw ?? 0) >= POWER_FACTOR_MIN_INSTALLED_KW;
  }
  return contractSumKw(contract) >= POWER_FACTOR_MIN_DEMAND_KW;
}

/** What a reading period measured, for the month-without-use rule. */
export interface PeriodUsage {
  /** Net kWh of the period. */
  kwh: number;
  /** Net kWh in peak hours; null where not known (then only kwh = 0 shows none). */
  peakKwh: number | null;
  /** The highest complete 15-minute block, kW; null: no block measured. */
  maxDemandKw: number | null;
}

/** The share of the basic charge billed in a month without use (核定電價50%). */
export const NO_USE_BASIC_SHARE = 0.5;

/**
 * Whether a period is "a month without use" (未用電), whose basic charge is
 * billed at 50 % (T1 第四章 五(五), p.20; 第五章 五(二), p.31):
 * - a demand contract, high or low voltage: 0 kWh and 0 maximum demand;
 * - an installed-capacity contract (low voltage): 0 kWh, on a time-of-use
 *   table 0 kWh in peak hours (off-peak use does not count).
 * A period with no measured block is missing data, not a month without use.
 * Net kWh stand for the meter's reading: an account that exports (net < 0)
 * is never taken as unused.
 */
export function isNoUseMonth(definition: TariffDefinition, usage: PeriodUsage): boolean {
  if (usage.maxDemandKw === null) return false;
  if (definition.contractBasis === 'installed') {
    // Peak hours unknown: only 0 kWh in all hours shows 0 in peak hours for certain.
    return definition.timeOfUse && usage.peakKwh !== null ? usage.peakKwh === 0 : usage.kwh === 0;
  }
  return usage.kwh === 0 && usage.maxDemandKw === 0;
}

/** The rules' effect on a reading period's bill. */
export interface PeriodRules {
  /**
   * Share of the basic charge billed: 0.5 without use, else 1. It applies to
   * the per-account charge too, which T1 counts in 基本電費 ("基本電費按戶及
   * 按契約容量計算"); unconfirmed, no bill of such a month was seen.
   */
  basicShare: number;
  /** Whether the power-factor adjustment applies. */
  powerFactor: boolean;
}

export const NO_RULES: PeriodRules = { basicShare: 1, powerFactor: true };

/**
 * The version on a reading period's last covered day (`dates`, all its local
 * days): the one whose over-contract terms and coefficient the bill takes.
 */
export function periodEndVersion(
  schedule: TariffSchedule,
  dates: readonly string[],
): ScheduledVersion | null {
  for (let i = dates.length - 1; i >= 0; i -= 1) {
    const version = schedule.versionOn(dates[i]!);
    if (version) return version;
  }
  return null;
}

/**
 * The rules of a reading period (`dates`, all its local days), under
 * periodEndVersion: `usage` null (not measured) never halves.
 */
export function periodRules(
  schedule: TariffSchedule,
  dates: readonly string[],
  contract: PointContract,
  usage: PeriodUsage | null,
): PeriodRules {
  const version = periodEndVersion(schedule, dates);
  if (!version) return NO_RULES;
  const definition = version.definition;
  return {
    basicShare: usage && isNoUseMonth(definition, usage) ? NO_USE_BASIC_SHARE : 1,
    powerFactor: powerFactorApplies(definition, contract),
  };
}
