import type { CostNodeResponse, EnergyInterval } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { roundKwh, roundMoneyOrNull } from '../calc/bill.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import { isFutureSlot } from '../../monitor/index.ts';
import type { InstantRange } from '../../monitor/index.ts';
import { addDays, type ZoneClock } from '@wattboard/zone-time';
import { pricedNodes } from './priced-range.ts';

export interface CostNodeQuery {
  factoryId: number;
  nodeId: number;
  startDate: string;
  endDate: string;
  interval: EnergyInterval;
  /** Only buckets starting inside these count (the Consumption Query's windows). */
  windows?: readonly InstantRange[] | undefined;
  clock: ZoneClock;
  schedule: TariffSchedule;
  /** Buckets that have not begun by now are "no data yet" (null), not 0 kWh and NT$0. */
  now: number;
}

export type CostNodeFigures = Pick<
  CostNodeResponse,
  'currency' | 'deviceId' | 'interval' | 'totalKwh' | 'totalCost' | 'byPeriod' | 'series'
>;

/** A node's kWh and cost over local days startDate..endDate, per interval and period. */
export async function costNodeReport(
  db: Queryable,
  query: CostNodeQuery,
): Promise<CostNodeFigures> {
  const { clock } = query;
  const days = {
    from: clock.startOfDay(query.startDate),
    to: clock.startOfDay(addDays(query.endDate, 1)),
  };
  // A window that runs past midnight (22:00–06:00) counts whole, as the Consumption Query
  // counts it: on the last day the series runs on to the window's end, so what the series
  // shows adds up to the totals.
  const range = {
    from: days.from,
    to: (query.windows ?? []).reduce((end, window) => Math.max(end, window.to), days.to),
  };
  const { starts, byNode } = await pricedNodes(
    db,
    query,
    [query.nodeId],
    range,
    query.interval,
    query.windows,
  );
  const priced = byNode.get(query.nodeId)!;
  return {
    currency: 'TWD',
    deviceId: query.nodeId,
    interval: query.interval,
    totalKwh: roundKwh(priced.total.kwh),
    totalCost: roundMoneyOrNull(priced.total.cost),
    byPeriod: priced.byPeriod.map((p) => ({
      period: p.period,
      kwh: roundKwh(p.kwh),
      cost: roundMoneyOrNull(p.cost),
    })),
    series: starts.map((start, i) => {
      const bucket = priced.intervals[i]!;
      const future = isFutureSlot(start, query.now);
      return {
        start: clock.formatIso(start),
        end: clock.formatIso(starts[i + 1] ?? range.to),
        kwh: future ? null : roundKwh(bucket.kwh),
        cost: future ? null : roundMoneyOrNull(bucket.cost),
        period: bucket.period,
      };
    }),
  };
}
