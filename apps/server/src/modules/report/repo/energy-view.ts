import type { EnergyFigures, EnergyInterval, EnergyRow } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { energyRows, figuresOf, highestKw } from '../calc/energy-figures.ts';
import { intervalStarts, rollupReadPlan } from '../calc/energy-intervals.ts';
import type { InstantRange } from '../../monitor/index.ts';
import { HOUR_MS } from '@wattboard/zone-time';
import { energyTotalsWithCo2 } from '../../carbon/index.ts';
import { reportPricing, withCost } from '../../cost/index.ts';
import { channelRollups } from './energy-rollups.ts';
import type { ReportTarget } from './report-target.ts';

export interface EnergyView {
  energyList: EnergyRow[];
  totalList: EnergyFigures[];
}

/**
 * The energy view: rollups per interval and channel, and per channel over
 * the range from the same 15-minute totals Monitor/Device answers with
 * (modules/rollups/repo/rollups.ts energyTotals), so the two pages agree to the 0.1 Wh.
 */
export async function energyView(
  db: Queryable,
  target: ReportTarget,
  range: InstantRange,
  interval: EnergyInterval,
): Promise<EnergyView> {
  const ids = target.channels.map((channel) => channel.id);
  const plan = rollupReadPlan(interval, range, target.clock);
  const [rollups, totals, pricing] = await Promise.all([
    channelRollups(db, target.factoryId, ids, plan),
    energyTotalsWithCo2(db, target.factoryId, ids, range, {
      rates: target.co2Rates,
      clock: target.clock,
    }),
    reportPricing(db, target, range, interval),
  ]);
  const starts = intervalStarts(interval, range, target.clock);
  const energyList = energyRows(rollups, starts, range, ids, target.co2Rates, target.clock);
  const hours = (range.to - range.from) / HOUR_MS;
  const totalList = ids.map((id) => {
    const total = totals.get(id);
    return figuresOf(
      id,
      {
        forward: total?.forward ?? 0,
        reverse: total?.reverse ?? 0,
        kvarh: total?.kvarhLagging ?? null,
        maxKw: highestKw(energyList, id),
        co2: total?.co2 ?? 0,
      },
      hours,
    );
  });
  // Issue #15: cost per row and per channel, priced by the tariff (cost-at-read).
  return withCost({ energyList, totalList }, pricing, target.clock);
}
