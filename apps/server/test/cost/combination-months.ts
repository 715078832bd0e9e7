import {
  NO_OTHER_CONTRACTS,
  type OtherContracts,
  type TariffDefinition,
} from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import { advisorPeriod } from '../../src/modules/cost/calc/advisor-period.ts';
import type { AdvisorPeriod } from '../../src/modules/cost/calc/capacity-advisor.ts';
import type { PeriodMaxima } from '../../src/modules/cost/calc/contract-capacity.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

export type Maxima = PeriodMaxima;

/** A calendar month (`2026-07`) under one tariff, built as advisor-periods.ts builds a period. */
export function advisorMonth(
  tariff: TariffDefinition,
  month: string,
  maxima: PeriodMaxima,
  others: OtherContracts = NO_OTHER_CONTRACTS,
): AdvisorPeriod {
  const schedule = new TariffSchedule([{ id: 1, validFrom: '2000-01-01', definition: tariff }]);
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year!, m!, 0)).getUTCDate();
  const dates = datesBetween(`${month}-01`, `${month}-${last}`);
  return advisorPeriod(schedule, { from: dates[0]!, to: dates.at(-1)! }, dates, maxima, others)!;
}
