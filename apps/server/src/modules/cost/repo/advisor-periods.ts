import type { Queryable } from '../../../platform/db/db.ts';
import { addDays, datesBetween, type ZoneClock } from '@wattboard/zone-time';
import { billingPeriodOf, previousBillingPeriod, type BillingPeriod } from '../../billing/index.ts';
import { monthDemandCharge } from '../calc/bill.ts';
import type { AdvisorPeriod } from '../calc/capacity-advisor.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';

/** How many complete billing periods the advice looks back over: a year. */
export const ADVICE_PERIODS = 12;

const iso = (t: number) => new Date(t).toISOString();

/**
 * A point's last complete billing periods (up to a year) that have data, oldest
 * first, each with its highest 15-minute block of net draw (the rollups' block
 * figure, as the bill's penalty uses) and its basic rate per kW. One index
 * range scan grouped by period.
 */
export async function advisorPeriods(
  db: Queryable,
  query: {
    factoryId: number;
    nodeId: number;
    meterReadingDay: number;
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
  const starts = periods.map((p) => iso(clock.startOfDay(p.from)));
  const end = clock.startOfDay(addDays(periods.at(-1)!.to, 1));
  const rows = await db.query<{ i: string | number; kw: number | null }>(
    `SELECT width_bucket(bucket_start, $5::timestamptz[]) AS i,
            max(coalesce(max_demand_kw, avg_kw)) AS kw
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = $2
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY 1`,
    [query.factoryId, query.nodeId, starts[0], iso(end), starts],
  );
  const peaks = new Map(rows.map((row) => [Number(row.i) - 1, row.kw]));
  return periods.flatMap((p, i) => {
    const peakKw = peaks.get(i) ?? null;
    const dates = datesBetween(p.from, p.to);
    const charge = monthDemandCharge(schedule, dates, 1, null, p.to);
    const version = schedule.versionOn(p.to) ?? schedule.versions[0];
    if (peakKw === null || !charge || !version) return [];
    return [
      {
        from: p.from,
        to: p.to,
        peakKw,
        basicRatePerKw: charge.basicRatePerKw,
        terms: version.definition,
      },
    ];
  });
}
