import type { BillingPointBill, CostSummaryResponse } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { roundKwh, roundMoneyOrNull } from '../calc/bill.ts';
import { pointBill, sumBills, type PointFigures } from '../calc/point-bill.ts';
import type { PricedInterval } from '../calc/rate-segments.ts';
import type { TariffBook } from '../calc/tariff-book.ts';
import { billingPeriodOf, type BillingPoint } from '../../billing/index.ts';
import type { TreeNode } from '../../factory/index.ts';
import { addDays, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { pricedNodesByTariff } from './priced-range.ts';
import { NO_MAXIMA } from '../calc/contract-capacity.ts';
import { periodMaxima } from './period-maxima.ts';
import { peakBlock, reactiveEnergy } from './segment-energy.ts';

export interface CostSummaryQuery {
  factoryId: number;
  /** The factory's billing points, the main one first (modules/billing). */
  points: readonly BillingPoint[];
  nodes: readonly TreeNode[];
  clock: ZoneClock;
  /** The factory's tariffs: each point is priced by its own (decision 0065). */
  book: TariffBook;
  now: number;
}

export type CostSummaryFigures = Pick<
  CostSummaryResponse,
  'currency' | 'dtNowFactory' | 'tariff' | 'today' | 'month' | 'billingPoints'
>;

/** Complete days the projection averages at most. */
const BASIS_DAYS = 7;
const NO_DAY: PricedInterval = { kwh: 0, cost: null, period: null };

/**
 * The Overview's cost card: each billing point's bill over its own current
 * billing period (rules in modules/cost/calc/point-bill.ts and bill.ts), and
 * the factory's, their sum. "So far" = the 15-minute buckets that began
 * before now; the penalty's peak counts complete blocks only.
 */
export async function costSummary(
  db: Queryable,
  query: CostSummaryQuery,
): Promise<CostSummaryFigures> {
  const { clock, book, now, points } = query;
  const today = clock.localParts(now).date;
  const periods = points.map((point) => billingPeriodOf(today, point.meterReadingDay));
  const basisFrom = addDays(today, -BASIS_DAYS);
  const firstDay = periods.reduce((min, p) => (p.from < min ? p.from : min), basisFrom);
  const soFar = Math.ceil(now / QUARTER_MS) * QUARTER_MS;
  const completeBlocks = Math.floor(now / QUARTER_MS) * QUARTER_MS;
  const nodeIds = points.map((point) => point.nodeId);
  const mainId = points.find((point) => point.main)?.nodeId;
  // The main point is on the factory's tariff; a further one on its own, if it has one.
  const scheduleOf = (point: BillingPoint) => book.forPoint(point.main ? null : point.nodeId);
  const [priced, peaks, maxima, reactive] = await Promise.all([
    pricedNodesByTariff(
      db,
      query,
      book.groupBySchedule(nodeIds, (id) => (id === mainId ? null : id)),
      { from: clock.startOfDay(firstDay), to: soFar },
      'day',
    ),
    Promise.all(
      points.map((point, i) =>
        // The penalty is priced on complete blocks, as the utility bills them.
        peakBlock(db, query.factoryId, point.nodeId, {
          from: clock.startOfDay(periods[i]!.from),
          to: completeBlocks,
        }),
      ),
    ),
    Promise.all(
      points.map(async (point, i) => {
        const range = { from: clock.startOfDay(periods[i]!.from), to: completeBlocks };
        const target = { ...query, schedule: scheduleOf(point) };
        return (await periodMaxima(db, target, [point.nodeId], range)).get(point.nodeId);
      }),
    ),
    Promise.all(
      points.map(async (point, i) => {
        const range = { from: clock.startOfDay(periods[i]!.from), to: soFar };
        return (await reactiveEnergy(db, query.factoryId, [point.nodeId], range)).get(point.nodeId);
      }),
    ),
  ]);
  const dates = priced.starts.map((start) => clock.localParts(start).date);
  const bills: PointFigures[] = points.map((point, i) => {
    const intervals = priced.byNode.get(point.nodeId)?.intervals ?? [];
    const peak = peaks[i] ?? null;
    return pointBill({
      schedule: scheduleOf(point),
      period: periods[i]!,
      today,
      todayElapsed: elapsedOfToday(clock, today, now),
      days: dates.map((date, d) => ({ date, figures: intervals[d] ?? NO_DAY })),
      basisFrom,
      contract: { regularKw: point.contractCapacityKw, others: point.otherContractsKw },
      peak: peak ? { kw: peak.kw, date: clock.localParts(peak.start).date } : null,
      maxima: maxima[i] ?? NO_MAXIMA,
      reactive: reactive[i] ?? null,
    });
  });
  const total = sumBills(bills);
  const main = bills[0];
  // The card names the factory's tariff (the main point's); a point's own is in Admin › Tariff.
  const version = book.factory.versionOn(today);
  const byId = new Map(query.nodes.map((node) => [node.id, node]));
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
    today: { kwh: roundKwh(total.todayKwh), cost: roundMoneyOrNull(total.todayCost) },
    month: {
      month: today.slice(0, 7),
      ...(periods[0] ? { periodFrom: periods[0].from, periodTo: periods[0].to } : {}),
      kwh: roundKwh(total.kwh),
      energyCost: roundMoneyOrNull(total.energyCost),
      peakDemandKw: peaks[0] ? roundKwh(peaks[0].kw) : null,
      peakDemandAt: peaks[0] ? clock.formatIso(peaks[0].start) : null,
      contractCapacityKw: points[0]?.contractCapacityKw ?? null,
      basicCharge: roundMoneyOrNull(total.basicCharge),
      penalty: roundMoneyOrNull(total.penalty),
      powerFactorAdjustment: roundMoneyOrNull(total.powerFactorAdjustment),
      total: roundMoneyOrNull(total.total),
      projectedTotal: roundMoneyOrNull(total.projectedTotal),
      projectedDailyCost: roundMoneyOrNull(total.projectedDailyCost),
      projectionBasisDays: main?.projectionBasisDays ?? 0,
    },
    billingPoints: points.map((point, i): BillingPointBill => ({
      nodeId: point.nodeId,
      chName: byId.get(point.nodeId)?.chName ?? '',
      name: byId.get(point.nodeId)?.name ?? '',
      main: point.main,
      periodFrom: periods[i]!.from,
      periodTo: periods[i]!.to,
      kwh: roundKwh(bills[i]!.kwh),
      energyCost: roundMoneyOrNull(bills[i]!.energyCost),
      peakDemandKw: peaks[i] ? roundKwh(peaks[i].kw) : null,
      peakDemandAt: peaks[i] ? clock.formatIso(peaks[i].start) : null,
      contractCapacityKw: point.contractCapacityKw,
      basicCharge: roundMoneyOrNull(bills[i]!.basicCharge),
      penalty: roundMoneyOrNull(bills[i]!.penalty),
      powerFactorPercent: bills[i]!.powerFactorPercent,
      powerFactorAdjustment: roundMoneyOrNull(bills[i]!.powerFactorAdjustment),
      total: roundMoneyOrNull(bills[i]!.total),
      projectedTotal: roundMoneyOrNull(bills[i]!.projectedTotal),
    })),
  };
}

/** Share of today's real length already past (a DST day is 23 or 25 hours). */
function elapsedOfToday(clock: ZoneClock, today: string, now: number): number {
  const start = clock.startOfDay(today);
  const end = clock.startOfDay(addDays(today, 1));
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}
