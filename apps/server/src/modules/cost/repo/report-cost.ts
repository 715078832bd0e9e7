import type { EnergyFigures, EnergyInterval, EnergyRow } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { roundMoneyOrNull } from '../calc/bill.ts';
import type { InstantRange } from '../../monitor/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { pricedNodesByTariff, type PricedNodes } from './priced-range.ts';
import { nodeTariffs } from './node-tariffs.ts';

interface CostTarget {
  factoryId: number;
  clock: ZoneClock;
  channels: ReadonlyArray<{ id: number }>;
}

/**
 * The Report energy view's intervals (intervalStarts) priced from the
 * 15-minute rollups, for every channel, each by the tariff of the billing
 * point it is on (decision 0065); runs beside the view's own reads.
 */
export async function reportPricing(
  db: Queryable,
  target: CostTarget,
  range: InstantRange,
  interval: EnergyInterval,
): Promise<PricedNodes> {
  const { book, pointOf } = await nodeTariffs(db, target.factoryId);
  const ids = target.channels.map((channel) => channel.id);
  return pricedNodesByTariff(db, target, book.groupBySchedule(ids, pointOf), range, interval);
}

/**
 * The view with `cost` filled in: a row's cost is Σ over its buckets of net
 * kWh × the bucket's rate; a channel's total, over the whole range.
 */
export function withCost<V extends { energyList: EnergyRow[]; totalList: EnergyFigures[] }>(
  view: V,
  pricing: PricedNodes,
  clock: ZoneClock,
): V {
  const index = new Map(pricing.starts.map((start, i) => [clock.formatIso(start), i]));
  const costOf = (channelId: number, dtStart: string) => {
    const i = index.get(dtStart);
    return i === undefined ? null : (pricing.byNode.get(channelId)?.intervals[i]?.cost ?? null);
  };
  return {
    ...view,
    energyList: view.energyList.map((row) => ({
      ...row,
      cost: roundMoneyOrNull(costOf(row.channelId, row.dtStart)),
    })),
    totalList: view.totalList.map((total) => ({
      ...total,
      cost: roundMoneyOrNull(pricing.byNode.get(total.channelId)?.total.cost ?? null),
    })),
  };
}
