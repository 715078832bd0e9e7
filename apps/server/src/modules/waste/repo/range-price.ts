import type { ZoneClock } from '@wattboard/zone-time';
import type { Queryable } from '../../../platform/db/db.ts';
import { pricedNodesByTariff, type tariffSchedule } from '../../cost/index.ts';

type TariffSchedule = Awaited<ReturnType<typeof tariffSchedule>>;

/**
 * The factory's mean price of energy over a range, TWD per kWh: the points'
 * net kWh priced by the tariff (the cost module's rate segments, time of use
 * and all), Σ cost / Σ kWh. Null without a tariff covering the range or
 * without energy drawn in it.
 */
export async function meanPricePerKwh(
  db: Queryable,
  target: { factoryId: number; clock: ZoneClock; schedule: TariffSchedule },
  nodeIds: readonly number[],
  range: { from: number; to: number },
): Promise<number | null> {
  if (nodeIds.length === 0) return null;
  const { byNode } = await pricedNodesByTariff(
    db,
    { factoryId: target.factoryId, clock: target.clock },
    [{ schedule: target.schedule, nodeIds }],
    range,
    'day',
  );
  let kwh = 0;
  let cost = 0;
  for (const { total } of byNode.values()) {
    if (total.cost === null) continue;
    kwh += total.kwh;
    cost += total.cost;
  }
  return kwh > 0 ? cost / kwh : null;
}
