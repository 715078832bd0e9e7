import type { OtherContracts } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { addDays, datesBetween, type ZoneClock } from '@wattboard/zone-time';
import { billingPeriodOf, previousBillingPeriod, type BillingPeriod } from '../../billing/index.ts';
import { advisorPeriod } from '../calc/advisor-period.ts';
import type { AdvisorPeriod } from '../calc/capacity-advisor.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import { periodMaximaByInterval } from './period-maxima.ts';

/** How many complete billing periods the advice looks back over: a year. */
export const ADVICE_PERIODS = 12;

/**
 * A point's last complete billing periods (up to a year) that have data from
 * their first day on, oldest first, each with its highest 15-minute block of net draw in each
 * time-of-use period (the rollups' block figure, as the bill uses) and the
 * bill's demand charges as a function of the regular capacity, the point's
 * other contract types kept (modules/cost/calc/period-demand.ts). One index
 * range scan, grouped by rate segment.
 */
export async function advisorPeriods(
  db: Queryable,
  query: {
    factoryId: number;
    nodeId: number;
    meterReadingDay: number;
    others: OtherContracts;
    today: string;
    clock: ZoneClock;
    schedule: TariffSchedule;
  },
): Promise<AdvisorPeriod[]> {
  const { clock, schedule } = query;
  const periods: BillingPeriod[] = [];
  let period = billingPeriodOf(query.today, query.meterReadingDay);
  for (let i = 0; i < ADVICE_PERIODS; i++) {
    period = previousBillingPeriod(period);
    periods.unshift(period);
  }
  const starts = periods.map((p) => clock.startOfDay(p.from));
  const range = { from: starts[0]!, to: clock.startOfDay(addDays(periods.at(-1)!.to, 1)) };
  const [byInterval, firstRows] = await Promise.all([
    periodMaximaByInterval(db, query, [query.nodeId], range, starts),
    db.query<{ first: Date | null }>(
      `SELECT min(bucket_start) AS first FROM rollups_15m WHERE factory_id = $1 AND node_id = $2`,
      [query.factoryId, query.nodeId],
    ),
  ]);
  const maxima = byInterval.get(query.nodeId) ?? [];
  // A period the meter's data began in the middle of is no complete period: its peak would be
  // that of a few days (a meter connected on the 30th). A day's slack allows a late first read.
  const first = firstRows[0]?.first ? new Date(firstRows[0].first).getTime() : null;
  const complete = (i: number) =>
    first !== null && first <= clock.startOfDay(addDays(periods[i]!.from, 1));
  return periods.flatMap((p, i) => {
    const periodMaxima = maxima[i];
    if (!periodMaxima || !complete(i)) return [];
    const dates = datesBetween(p.from, p.to);
    const advised = advisorPeriod(schedule, p, dates, periodMaxima, query.others);
    return advised ? [advised] : [];
  });
}
