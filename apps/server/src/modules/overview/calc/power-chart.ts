import type { ChartPoint } from '@wattboard/contract';
import { QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { roundMeasure, roundOrNull, isFutureSlot } from '../../monitor/index.ts';
import type { InstantRange } from '../../monitor/index.ts';

export interface QuarterRow {
  start: number;
  kwhForward: number;
  kwhReverse: number;
  maxKw: number | null;
}

export interface PowerChartSeries {
  listPowerMaxKW: ChartPoint[];
  listPowerAverageKW: ChartPoint[];
  listPowerUsageKWH: ChartPoint[];
  /** Σ of the kWh points (net), rounded once. */
  totalKWH: number;
}

const QUARTER_HOURS = 0.25;
/**
 * kWh points keep 6 decimals (not the usual 4): 96 points rounded to 4 could
 * drift up to 0.005 kWh from the day's total, which must agree to 0.001.
 */
const POINT_SCALE = 1e6;
const roundPoint = (value: number) => Math.round(value * POINT_SCALE) / POINT_SCALE || 0;

/**
 * The root's quarter-hour points of one local day (96; 92 or 100 on a
 * daylight-saving day): the highest kW of the quarter, its average kW and its
 * net kWh (forward − reverse, so the points add up to the day's kWh). A
 * quarter that has not begun at `now` is null, and so is one without a
 * rollup (a gap is not invented). Times are factory-local ISO with offset.
 */
export function powerChartSeries(
  day: InstantRange,
  rows: readonly QuarterRow[],
  now: number,
  clock: ZoneClock,
): PowerChartSeries {
  const byStart = new Map(rows.map((row) => [row.start, row]));
  const series: PowerChartSeries = {
    listPowerMaxKW: [],
    listPowerAverageKW: [],
    listPowerUsageKWH: [],
    totalKWH: 0,
  };
  let total = 0;
  for (let start = day.from; start < day.to; start += QUARTER_MS) {
    const time = clock.formatIso(start);
    const row = isFutureSlot(start, now) ? undefined : byStart.get(start);
    const kwh = row ? row.kwhForward - row.kwhReverse : null;
    if (kwh !== null) total += kwh;
    series.listPowerMaxKW.push({ time, value: row ? roundOrNull(row.maxKw) : null });
    series.listPowerAverageKW.push({
      time,
      value: kwh === null ? null : roundMeasure(kwh / QUARTER_HOURS),
    });
    series.listPowerUsageKWH.push({ time, value: kwh === null ? null : roundPoint(kwh) });
  }
  series.totalKWH = roundMeasure(total);
  return series;
}
