import type { SegmentInfo } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  consumptionSegments,
  consumptionSummary,
  type ConsumptionSummary,
} from '../calc/consumption.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import type { MonitorNode } from './monitor-nodes.ts';
import { energyInWindows } from '../../rollups/index.ts';

export interface ConsumptionQuery {
  factoryId: number;
  node: MonitorNode;
  segmentInfo: SegmentInfo;
  clock: ZoneClock;
  now: number;
  co2Factor: number;
}

/**
 * Net energy (forward − reverse) of the node in the chosen time window on the
 * chosen weekdays of the date range, from the 15-minute rollups (a bucket
 * counts when it starts inside a window), with its CO2 and per-day averages.
 */
export async function consumptionReport(
  db: Queryable,
  query: ConsumptionQuery,
): Promise<ConsumptionSummary> {
  const { segments, daysSoFar } = consumptionSegments(query.segmentInfo, query.clock, query.now);
  const energy = await energyInWindows(db, query.factoryId, query.node.id, segments);
  return consumptionSummary(energy.forward - energy.reverse, daysSoFar, query.co2Factor);
}
