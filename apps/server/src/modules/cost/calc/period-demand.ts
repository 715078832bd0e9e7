import type { OtherContracts, Season, TariffDefinition } from '@wattboard/contract';
import { isInstalled, versionMonthBasic } from './account-charges.ts';
import { monthDemandCharge, type DemandCharge } from './bill.ts';
import {
  DEMAND_PERIODS,
  overContractCharge,
  type BasicRates,
  type ContractCapacities,
  type DemandPeriod,
  type PeriodMaxima,
  type TouStages,
} from './contract-capacity.ts';
import { seasonOf, type ScheduledVersion, type TariffSchedule } from './tariff-schedule.ts';

/**
 * A billing period's demand charges with every contract type (issue #24,
 * decision 0064): the basic charge of regular plus the other types, and the
 * over-contract charge per time-of-use period (contract-capacity.ts holds
 * Taipower's rules; this file prorates them over a reading period).
 */

export interface PointContract {
  /** kW, regular (經常契約); null: no contract, so no demand charge. */
  regularKw: number | null;
  others: OtherContracts;
}

/** The period's over-contract charge per time-of-use period, TWD (0 where none). */
export type PenaltyByPeriod = Record<DemandPeriod, number>;

export interface PeriodDemandCharge extends DemandCharge {
  /** Null where the tariff has no contract-type rates (the single-rate rule priced it). */
  penaltyByPeriod: PenaltyByPeriod | null;
}

const NO_PENALTY: PenaltyByPeriod = { peak: 0, halfPeak: 0, saturdayHalfPeak: 0, offPeak: 0 };

/**
 * One season's basic rates of every type; null where the table prints "—".
 * An installed-capacity contract has its one rate and no other type.
 */
export function seasonBasicRates(definition: TariffDefinition, season: Season): BasicRates | null {
  const regular = definition.basicChargePerKw[season];
  if (isInstalled(definition))
    return { regular, halfPeak: null, nonSummer: null, saturdayHalfPeak: null, offPeak: null };
  const others = definition.contractBasicRates?.[season];
  if (!others) return null;
  return { regular: definition.basicChargePerKw[season], ...others };
}

/**
 * The capacities a version can bill: a type of the other stages (half-peak in
 * a two-stage tariff, non-summer in a three-stage one) or without a rate in
 * either season counts 0 kW. Admin refuses such a contract when it is saved;
 * this keeps a later tariff change from breaking the bill.
 */
export function billableCapacities(
  definition: TariffDefinition,
  contract: PointContract,
): ContractCapacities {
  const rates = definition.contractBasicRates;
  const has = (type: keyof OtherContracts) =>
    rates !== null && (rates.summer[type] !== null || rates.nonSummer[type] !== null);
  const kw = (type: keyof OtherContracts) => (has(type) ? contract.others[type] : 0);
  const stages: TouStages = definition.stages;
  return {
    regular: contract.regularKw ?? 0,
    halfPeak: stages === 'threeStage' ? kw('halfPeak') : 0,
    nonSummer: stages === 'twoStage' ? kw('nonSummer') : 0,
    saturdayHalfPeak: kw('saturdayHalfPeak'),
    offPeak: kw('offPeak'),
  };
}

/** The season most of the days fall in (a tie goes to the later day's season). */
export function mainSeason(seasons: readonly Season[]): Season {
  const summer = seasons.filter((s) => s === 'summer').length;
  const nonSummer = seasons.length - summer;
  if (summer !== nonSummer) return summer > nonSummer ? 'summer' : 'nonSummer';
  return seasons.at(-1) ?? 'summer';
}

/**
 * Basic charge and over-contract charge of a reading period (`dates`, all its
 * local days):
 * - each day is charged 1/(days) of monthBasicCharge under that day's version
 *   and season (Taipower prorates a period across seasons by day);
 * - the over-contract charge takes each period's maximum (`maxima`, complete
 *   blocks), the stages, capacities and tiers of the version on the last
 *   covered day and the season most days fall in, at each type's rate
 *   prorated by day the same way;
 * - a version without contract-type rates (a tariff typed in before them) is
 *   priced by the single-rate rule of bill.ts monthDemandCharge, at `peak`;
 * - an installed-capacity contract (裝置契約, decision 0068) on the last
 *   covered day has no over-contract charge: no demand is held against it.
 * Null without a contract or when no day has a tariff.
 */
export function periodDemandCharge(
  schedule: TariffSchedule,
  dates: readonly string[],
  contract: PointContract,
  maxima: PeriodMaxima,
  peak: { kw: number; date: string } | null,
): PeriodDemandCharge | null {
  return demandPricer(schedule, dates)(contract, maxima, peak);
}

/** Consecutive covered days under one version and season: they price alike. */
interface Run {
  version: ScheduledVersion;
  season: Season;
  days: number;
}

/**
 * periodDemandCharge with the period's days looked up once: the advisor prices
 * hundreds of candidate capacities over the same period.
 */
export function demandPricer(
  schedule: TariffSchedule,
  dates: readonly string[],
): (
  contract: PointContract,
  maxima: PeriodMaxima,
  peak: { kw: number; date: string } | null,
) => PeriodDemandCharge | null {
  const runs: Run[] = [];
  const seasons: Season[] = [];
  for (const date of dates) {
    const version = schedule.versionOn(date);
    if (!version) continue;
    const season = seasonOf(version.compiled, date);
    seasons.push(season);
    const run = runs.at(-1);
    if (run && run.version === version && run.season === season) run.days += 1;
    else runs.push({ version, season, days: 1 });
  }
  const legacy = runs.some((run) => seasonBasicRates(run.version.definition, run.season) === null);
  const installed = runs.length > 0 && isInstalled(runs.at(-1)!.version.definition);
  const season = mainSeason(seasons);
  return (contract, maxima, peak) => {
    if (contract.regularKw === null || runs.length === 0) return null;
    const single = () => {
      const charge = monthDemandCharge(
        schedule,
        dates,
        contract.regularKw!,
        peak?.kw ?? null,
        peak?.date ?? dates.at(-1)!,
      );
      return charge && { ...charge, ...(installed && { penalty: 0 }), penaltyByPeriod: null };
    };
    if (legacy) return single();
    try {
      return byContractType(runs, season, dates.length, contract, installed ? null : maxima);
    } catch (error) {
      // A typed-in table the rules cannot read (e.g. a Saturday rate in one
      // season only): the single-rate rule still gives a bill, never an error.
      if (error instanceof RangeError) return single();
      throw error;
    }
  };
}

/** `maxima` null: no over-contract charge (an installed-capacity contract). */
function byContractType(
  runs: readonly Run[],
  season: Season,
  days: number,
  contract: PointContract,
  maxima: PeriodMaxima | null,
): PeriodDemandCharge {
  let basicCharge = 0;
  const blended: Record<keyof BasicRates, number | null> = {
    regular: 0,
    halfPeak: 0,
    nonSummer: 0,
    saturdayHalfPeak: 0,
    offPeak: 0,
  };
  for (const run of runs) {
    const share = run.days / days;
    const definition = run.version.definition;
    const rates = seasonBasicRates(definition, run.season)!;
    const capacities = billableCapacities(definition, contract);
    basicCharge += versionMonthBasic(definition, run.season, capacities, rates) * share;
    for (const type of Object.keys(blended) as (keyof BasicRates)[]) {
      const rate = rates[type];
      const sum = blended[type];
      blended[type] = rate === null || sum === null ? null : sum + rate * share;
    }
  }
  if (maxima === null)
    return {
      basicRatePerKw: blended.regular ?? 0,
      basicCharge,
      penalty: 0,
      penaltyByPeriod: NO_PENALTY,
    };
  const last = runs.at(-1)!.version.definition;
  const capacities = billableCapacities(last, contract);
  // A period with no rate of its own (a "—" in a typed-in table) is charged at the regular rate.
  const rates: BasicRates = {
    ...blended,
    halfPeak: blended.halfPeak ?? blended.regular,
    saturdayHalfPeak: blended.saturdayHalfPeak ?? blended.regular,
    offPeak: blended.offPeak ?? blended.regular,
  };
  const charge = overContractCharge(
    last.stages,
    season,
    capacities,
    stageMaxima(last.stages, maxima),
    rates,
    last,
  );
  const penaltyByPeriod = { ...NO_PENALTY };
  for (const period of DEMAND_PERIODS)
    penaltyByPeriod[period] = charge.periods[period]?.charge ?? 0;
  return {
    basicRatePerKw: blended.regular ?? 0,
    basicCharge,
    penalty: charge.total,
    penaltyByPeriod,
  };
}

/**
 * Two-stage tariffs have no half-peak period; a half-peak maximum can only
 * come from days of an earlier three-stage version in the same period, and
 * counts as peak there (the dearer reading).
 */
export function stageMaxima(stages: TouStages, maxima: PeriodMaxima): PeriodMaxima {
  if (stages === 'threeStage' || maxima.halfPeak === null) return maxima;
  const peak = Math.max(maxima.peak ?? 0, maxima.halfPeak);
  return { ...maxima, peak, halfPeak: null };
}
