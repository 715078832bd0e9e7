import type { OtherContracts } from '@wattboard/contract';
import {
  DEMAND_PERIODS,
  NO_MAXIMA,
  overContractExcess,
  type DemandPeriod,
} from './contract-capacity.ts';
import { billableCapacities, mainSeason, type PointContract } from './period-demand.ts';
import { seasonOf, type TariffSchedule } from './tariff-schedule.ts';

/**
 * The kW each time-of-use period may use under a contract, by the version and
 * season periodDemandCharge holds a period's maxima against (contract-capacity.ts
 * has the rule): what the advisor's candidate capacities are found from.
 */

/**
 * kW each time-of-use period may draw beyond the regular capacity under the
 * contract's other types (e.g. off-peak: half-peak + Saturday + off-peak kW),
 * by the version and season periodDemandCharge bills the excess with; null
 * for a period the tariff does not have, or for the whole when the single-rate
 * rule applies. The advisor finds its candidate capacities with them.
 */
export function usableBeyondRegular(
  schedule: TariffSchedule,
  dates: readonly string[],
  others: OtherContracts,
): Record<DemandPeriod, number | null> | null {
  return usableCapacities(schedule, dates)?.({ regularKw: 0, others }) ?? null;
}

/**
 * The kW each time-of-use period may draw under a whole contract, as
 * periodDemandCharge holds the period's maxima against them; null when the
 * single-rate rule prices the period. The days are looked up once: the
 * advisor asks for many contracts over the same period.
 */
export function usableCapacities(
  schedule: TariffSchedule,
  dates: readonly string[],
): ((contract: PointContract) => Record<DemandPeriod, number | null>) | null {
  const covered = dates.flatMap((date) => {
    const version = schedule.versionOn(date);
    return version ? [{ version, season: seasonOf(version.compiled, date) }] : [];
  });
  const last = covered.at(-1)?.version.definition;
  if (!last || covered.some((day) => day.version.definition.contractBasicRates === null)) {
    return null;
  }
  const season = mainSeason(covered.map((day) => day.season));
  return (contract) => {
    const capacities = billableCapacities(last, contract);
    const excess = overContractExcess(last.stages, season, capacities, NO_MAXIMA);
    const result = { peak: null, halfPeak: null, saturdayHalfPeak: null, offPeak: null } as Record<
      DemandPeriod,
      number | null
    >;
    for (const period of DEMAND_PERIODS) result[period] = excess[period]?.capacityKw ?? null;
    return result;
  };
}
