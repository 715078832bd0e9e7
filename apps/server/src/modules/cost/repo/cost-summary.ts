import type { CostSummaryResponse } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  monthDemandCharge,
  projectBill,
  roundKwh,
  roundMoney,
  roundMoneyOrNull,
} from '../calc/bill.ts';
import type { PricedInterval } from '../calc/rate-segments.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import { monthOf } from '../../monitor/index.ts';
import { addDays, datesBetween, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { pricedNodes } from './priced-range.ts';
import { peakBlock } from './segment-energy.ts';

export interface CostSummaryQuery {
  factoryId: number;
  rootId: number | null;
  contractCapacityKw: number | null;
  clock: ZoneClock;
  schedule: TariffSchedule;
  now: number;
}

export type CostSummaryFigures = Pick<
  CostSummaryResponse,
  'currency' | 'dtNowFactory' | 'tariff' | 'today' | 'month'
>;

/** Complete days the projection averages at most. */
const BASIS_DAYS = 7;
const NO_DAY: PricedInterval = { kwh: 0, cost: null, period: null };

/**
 * The Overview's cost card: today, the month so far, its peak block, demand
 * charge and penalty, and the projected bill (rule in modules/cost/calc/bill.ts).
 * "So far" = the 15-minute buckets that began before now.
 */
export async function costSummary(
  db: Queryable,
  query: CostSummaryQuery,
): Promise<CostSummaryFigures> {
  const { clock, schedule, now } = query;
  const today = clock.localParts(now).date;
  const dayStart = clock.startOfDay(today);
  const dayEnd = clock.startOfDay(addDays(today, 1));
  const month = monthOf(now, clock);
  const soFar = Math.ceil(now / QUARTER_MS) * QUARTER_MS;
  const from = Math.min(month.from, clock.startOfDay(addDays(today, -BASIS_DAYS)));
  const nodeIds = query.rootId === null ? [] : [query.rootId];
  const [priced, peak] = await Promise.all([
    pricedNodes(db, query, nodeIds, { from, to: soFar }, 'day'),
    query.rootId === null
      ? null
      : // The penalty is priced on complete blocks, as the utility bills them.
        peakBlock(db, query.factoryId, query.rootId, {
          from: month.from,
          to: Math.floor(now / QUARTER_MS) * QUARTER_MS,
        }),
  ]);
  const days = priced.starts.map((start, i) => ({
    start,
    figures:
      (query.rootId === null ? undefined : priced.byNode.get(query.rootId)?.intervals[i]) ?? NO_DAY,
  }));
  const todayFigures = days.find((d) => d.start === dayStart)?.figures ?? NO_DAY;
  const monthDays = days.filter((d) => d.start >= month.from);
  const monthKwh = monthDays.reduce((sum, d) => sum + d.figures.kwh, 0);
  const monthCosts = monthDays.map((d) => d.figures.cost).filter((c): c is number => c !== null);
  const energyCost = monthCosts.length > 0 ? monthCosts.reduce((a, b) => a + b, 0) : null;
  const basisFrom = clock.startOfDay(addDays(today, -BASIS_DAYS));
  const recent = days
    .filter((d) => d.start >= basisFrom && d.start < dayStart)
    .filter((d) => d.figures.kwh !== 0 && d.figures.cost !== null)
    .map((d) => d.figures.cost!)
    .reverse();

  const lastDate = clock.localParts(month.to - 1).date;
  const monthDates = datesBetween(clock.localParts(month.from).date, lastDate);
  const capacity = query.contractCapacityKw;
  const demand =
    capacity === null
      ? null
      : monthDemandCharge(
          schedule,
          monthDates,
          capacity,
          peak?.kw ?? null,
          peak ? clock.localParts(peak.start).date : today,
        );
  const demandCharges = (demand?.basicCharge ?? 0) + (demand?.penalty ?? 0);
  const projection =
    energyCost === null
      ? null
      : projectBill({
          energyCostSoFar: energyCost,
          recentDailyCosts: recent,
          todayCost: todayFigures.cost ?? 0,
          todayElapsed: Math.min(1, Math.max(0, (now - dayStart) / (dayEnd - dayStart))),
          daysAfterToday: monthDates.filter((date) => date > today).length,
          demandCharges,
        });
  const version = schedule.versionOn(today);
  return {
    currency: 'TWD',
    dtNowFactory: clock.formatIso(now),
    tariff: version
      ? {
          versionId: version.id,
          name: version.definition.name,
          nameZh: version.definition.nameZh,
          source: version.definition.source,
          sourceZh: version.definition.sourceZh,
          sourceValidFrom: version.definition.sourceValidFrom,
          validFrom: version.validFrom,
          note: version.definition.note,
        }
      : null,
    today: { kwh: roundKwh(todayFigures.kwh), cost: roundMoneyOrNull(todayFigures.cost) },
    month: {
      month: today.slice(0, 7),
      kwh: roundKwh(monthKwh),
      energyCost: roundMoneyOrNull(energyCost),
      peakDemandKw: peak ? roundKwh(peak.kw) : null,
      peakDemandAt: peak ? clock.formatIso(peak.start) : null,
      contractCapacityKw: capacity,
      basicCharge: demand ? roundMoney(demand.basicCharge) : null,
      penalty: demand ? roundMoney(demand.penalty) : null,
      total: energyCost === null ? null : roundMoney(energyCost + demandCharges),
      projectedTotal: projection ? roundMoney(projection.total) : null,
      projectedDailyCost: projection ? roundMoney(projection.dailyCost) : null,
      projectionBasisDays: projection?.basisDays ?? 0,
    },
  };
}
