import type { OtherContracts } from '@wattboard/contract';
import { monthDemandCharge } from './bill.ts';
import { contractBreakpoints, type AdvisorPeriod } from './capacity-advisor.ts';
import type { PeriodMaxima } from './contract-capacity.ts';
import { demandPricer, type PointContract } from './period-demand.ts';
import { usableBeyondRegular, usableCapacities } from './usable-capacity.ts';
import type { TariffSchedule } from './tariff-schedule.ts';

/**
 * One past billing period as the advisor prices it: its highest block, its
 * basic rate, and the bill's demand charges (period-demand.ts) as functions of
 * the regular capacity (the point's other types kept) and of a whole contract.
 * Null for a period without any block or any tariff day. Pure, so the tests
 * price periods exactly as advisor-periods.ts builds them.
 */
export function advisorPeriod(
  schedule: TariffSchedule,
  period: { from: string; to: string },
  dates: readonly string[],
  maxima: PeriodMaxima,
  others: OtherContracts,
): AdvisorPeriod | null {
  const known = Object.values(maxima).filter((kw): kw is number => kw !== null);
  const charge = monthDemandCharge(schedule, dates, 1, null, period.to);
  const version = schedule.versionOn(period.to) ?? schedule.versions[0];
  if (known.length === 0 || !charge || !version) return null;
  const beyond = usableBeyondRegular(schedule, dates, others);
  const usable = usableCapacities(schedule, dates);
  const terms = version.definition;
  const price = demandPricer(schedule, dates);
  return {
    from: period.from,
    to: period.to,
    peakKw: Math.max(...known),
    basicRatePerKw: charge.basicRatePerKw,
    terms,
    ...(beyond && {
      demandCharge: (regularKw: number) => {
        const priced = price({ regularKw, others }, maxima, null);
        return { basicCharge: priced?.basicCharge ?? 0, penalty: priced?.penalty ?? 0 };
      },
      breakpoints: contractBreakpoints(maxima, beyond, terms.penaltyTierFraction, others),
    }),
    ...(usable && {
      contract: {
        maxima,
        price: (contract: PointContract) => {
          const priced = price(contract, maxima, null);
          // The single-rate fallback would charge the other types nothing: not a price.
          return priced && priced.penaltyByPeriod !== null ? priced : null;
        },
        usable,
      },
    }),
  };
}
