import type { Queryable } from '../../../platform/db/db.ts';
import { powerChartSeries, type PowerChartSeries } from '../calc/power-chart.ts';
import { factoryRoot, activeTreeNodes } from '../../factory/index.ts';
import { addDays, type ZoneClock } from '@wattboard/zone-time';
import { reverseEnergyNodes } from '../../monitor/index.ts';
import { rollupRows } from '../../rollups/index.ts';

export interface PowerChartFigures extends PowerChartSeries {
  hasReverseKWH: boolean;
}

/** The factory root's quarter hours of the local date `date` (see powerChartSeries). */
export async function powerChartReport(
  db: Queryable,
  factoryId: number,
  date: string,
  clock: ZoneClock,
  now: number,
): Promise<PowerChartFigures> {
  const day = { from: clock.startOfDay(date), to: clock.startOfDay(addDays(date, 1)) };
  const root = factoryRoot(await activeTreeNodes(db, factoryId));
  const [rows, reverse] = await Promise.all([
    root ? rollupRows(db, 'rollups_15m', factoryId, root.id, day) : [],
    reverseEnergyNodes(db, factoryId),
  ]);
  const series = powerChartSeries(day, rows, now, clock);
  return {
    ...series,
    hasReverseKWH:
      root !== null && (reverse.has(root.id) || rows.some((row) => row.kwhReverse > 0)),
  };
}
