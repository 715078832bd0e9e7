import type { EnergyChart } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  chartAxis,
  clippedLocalHourEnd,
  hourlyReadPlan,
  type Resolution,
} from '../calc/buckets.ts';
import { bucketsFromRawSamples, bucketsFromRollups } from '../calc/chart-buckets.ts';
import { MINUTE_MS, QUARTER_MS } from '@wattboard/zone-time';
import { energyChart, type ChartBucket } from '../calc/energy-chart.ts';
import { measuredMembers, reverseEnergyNodes } from './monitor-nodes.ts';
import type { MonitorQuery } from './monitor-device.ts';
import { rawSamples } from './raw-readings.ts';
import { rollupRows } from '../../rollups/index.ts';

async function chartBuckets(
  db: Queryable,
  query: MonitorQuery,
  resolution: Resolution,
): Promise<{ axis: number[]; buckets: Map<number, ChartBucket> }> {
  const { factoryId, node, range, clock } = query;
  const axis = chartAxis(resolution, range, clock);
  if (resolution === 60) {
    // Whole hours from the hourly rollups, partial edge hours from the 15-minute ones.
    const plan = hourlyReadPlan(range, clock);
    const parts = await Promise.all([
      plan.hours ? rollupRows(db, 'rollups_1h', factoryId, node.id, plan.hours) : [],
      ...plan.quarters.map((part) => rollupRows(db, 'rollups_15m', factoryId, node.id, part)),
    ]);
    const rows = parts.flat().sort((a, b) => a.start - b.start);
    const bucketEnd = (t: number) => clippedLocalHourEnd(t, range, clock);
    return { axis, buckets: bucketsFromRollups(axis, rows, bucketEnd) };
  }
  if (resolution === 15) {
    const rows = await rollupRows(db, 'rollups_15m', factoryId, node.id, range);
    return { axis, buckets: bucketsFromRollups(axis, rows, (t) => t + QUARTER_MS) };
  }
  // Finer than the rollups: computed from raw readings (short ranges only).
  const members = await measuredMembers(db, factoryId, node.id);
  const samples = await rawSamples(db, factoryId, members, range);
  const isVirtual = node.type === 'virtual';
  return {
    axis,
    buckets: bucketsFromRawSamples(samples, range, resolution * MINUTE_MS, isVirtual),
  };
}

/**
 * The power-detail chart of a node at 1, 5, 15 or 60 minutes. 15 reads the
 * 15-minute rollups, 60 the factory-local hourly ones (15-minute ones for a
 * partial hour at an edge); 1 and 5 are computed from raw readings. The caller
 * has checked the range is on the 15-minute grid and fits the resolution.
 */
export async function powerDetailReport(
  db: Queryable,
  query: MonitorQuery,
  resolution: Resolution,
): Promise<EnergyChart> {
  const [{ axis, buckets }, reverseCapable] = await Promise.all([
    chartBuckets(db, query, resolution),
    reverseEnergyNodes(db, query.factoryId),
  ]);
  const measuredReverse = [...buckets.values()].some((bucket) => bucket.kwhReverse > 0);
  return energyChart(axis, buckets, {
    clock: query.clock,
    co2Rates: query.co2Rates,
    hasReverse: query.node.hasReverseKwh || reverseCapable.has(query.node.id) || measuredReverse,
  });
}
