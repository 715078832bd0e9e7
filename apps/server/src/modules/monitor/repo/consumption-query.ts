import type { SegmentInfo } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  consumptionSegments,
  consumptionSummary,
  type ConsumptionSummary,
} from '../calc/consumption.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { type Co2Rates, splitAtNewYears } from '../../carbon/index.ts';
import type { InstantRange } from '../calc/time-range.ts';
import type { MonitorNode } from './monitor-nodes.ts';
import { energyInWindows } from '../../rollups/index.ts';

export interface ConsumptionQuery {
  factoryId: number;
  node: MonitorNode;
  segmentInfo: SegmentInfo;
  clock: ZoneClock;
  now: number;
  co2Rates: Co2Rates;
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
  // A night window may run past New Year's midnight: cut it there, and read the
  // windows grouped by factor, so each year's energy takes its own.
  const byRate = new Map<number, InstantRange[]>();
  for (const part of segments.flatMap((segment) => splitAtNewYears(segment, query.clock))) {
    const rate = query.co2Rates.ofYear(part.year);
    const windows = byRate.get(rate) ?? [];
    windows.push({ from: part.from, to: part.to });
    byRate.set(rate, windows);
  }
  const parts = await Promise.all(
    [...byRate].map(async ([rate, windows]) => {
      const energy = await energyInWindows(db, query.factoryId, query.node.id, windows);
      return { kwh: energy.forward - energy.reverse, rate };
    }),
  );
  const kwh = parts.reduce((sum, part) => sum + part.kwh, 0);
  const co2 = parts.reduce((sum, part) => sum + part.kwh * part.rate, 0);
  return consumptionSummary(kwh, co2, daysSoFar);
}
