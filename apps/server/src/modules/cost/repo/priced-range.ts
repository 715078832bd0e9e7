import type { EnergyInterval } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  maskSegments,
  priceSegments,
  rateSegments,
  type PricedRange,
} from '../calc/rate-segments.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import type { InstantRange } from '../../monitor/index.ts';
import { intervalStarts } from '../../report/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { segmentEnergy } from './segment-energy.ts';

export interface PricedNodes {
  /** The intervals' starts (as the Report's energy view cuts them); each ends at the next or range.to. */
  starts: number[];
  byNode: Map<number, PricedRange>;
}

/**
 * Energy and cost of the nodes over the range, per interval of the answer:
 * rate segments (modules/cost/calc/rate-segments.ts) summed from the 15-minute
 * rollups in one query, priced by the factory's tariff history; with
 * `windows`, only buckets that start inside them count.
 */
export async function pricedNodes(
  db: Queryable,
  target: { factoryId: number; clock: ZoneClock; schedule: TariffSchedule },
  nodeIds: readonly number[],
  range: InstantRange,
  interval: EnergyInterval,
  windows?: readonly InstantRange[],
): Promise<PricedNodes> {
  const starts = intervalStarts(interval, range, target.clock);
  const all = rateSegments(range, starts, target.schedule, target.clock);
  const segments = windows ? maskSegments(all, windows) : all;
  const energy = await segmentEnergy(db, target.factoryId, nodeIds, segments);
  const byNode = new Map<number, PricedRange>();
  for (const id of nodeIds) {
    byNode.set(id, priceSegments(segments, energy.get(id) ?? [], starts.length));
  }
  return { starts, byNode };
}

/**
 * pricedNodes for nodes on different tariffs (a billing point with its own,
 * decision 0065): one scan per tariff, the answers merged. With one tariff it
 * is exactly pricedNodes.
 */
export async function pricedNodesByTariff(
  db: Queryable,
  target: { factoryId: number; clock: ZoneClock },
  groups: readonly { schedule: TariffSchedule; nodeIds: readonly number[] }[],
  range: InstantRange,
  interval: EnergyInterval,
  windows?: readonly InstantRange[],
): Promise<PricedNodes> {
  const parts = await Promise.all(
    groups.map(({ schedule, nodeIds }) =>
      pricedNodes(db, { ...target, schedule }, nodeIds, range, interval, windows),
    ),
  );
  const byNode = new Map(parts.flatMap((part) => [...part.byNode]));
  return { starts: parts[0]?.starts ?? intervalStarts(interval, range, target.clock), byNode };
}
