import type { EnergyFigures, EnergyInterval, EnergyRow } from '@wattboard/contract';
import type { Queryable } from '../../db/db.ts';
import { roundMoneyOrNull } from '../../domain/cost/bill.ts';
import type { InstantRange } from '../../domain/monitor/time-range.ts';
import type { ZoneClock } from '../../domain/zone-time.ts';
import { pricedNodes } from './priced-range.ts';
import { tariffSchedule } from './tariff-store.ts';

interface CostTarget {
  factoryId: number;
  clock: ZoneClock;
  channels: ReadonlyArray<{ id: number }>;
}

/**
 * The Report energy view with `cost` filled in: the same intervals
 * (intervalStarts) priced from the 15-minute rollups, so a row's cost is
 * Σ over its buckets of net kWh × the bucket's rate.
 */
export async function withCost<V extends { energyList: EnergyRow[]; totalList: EnergyFigures[] }>(
  db: Queryable,
  target: CostTarget,
  range: InstantRange,
  interval: EnergyInterval,
  view: V,
): Promise<V> {
  const ids = target.channels.map((channel) => channel.id);
  const schedule = await tariffSchedule(db, target.factoryId);
  const { starts, byNode } = await pricedNodes(
    db,
    { factoryId: target.factoryId, clock: target.clock, schedule },
    ids,
    range,
    interval,
  );
  const costs = new Map<string, number | null>();
  starts.forEach((start, i) => {
    const at = target.clock.formatIso(start);
    for (const id of ids) costs.set(`${at}|${id}`, byNode.get(id)?.intervals[i]?.cost ?? null);
  });
  return {
    ...view,
    energyList: view.energyList.map((row) => ({
      ...row,
      cost: roundMoneyOrNull(costs.get(`${row.dtStart}|${row.channelId}`) ?? null),
    })),
    totalList: view.totalList.map((total) => ({
      ...total,
      cost: roundMoneyOrNull(byNode.get(total.channelId)?.total.cost ?? null),
    })),
  };
}
