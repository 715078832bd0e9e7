import type { ChartPoint, EnergyChart } from '@wattboard/contract';
import { roundMeasure, roundOrNull, roundPartsToTotal } from './rounding.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import type { Co2Rates } from '../../carbon/index.ts';

/** One chart bucket's figures; a bucket without data is simply absent. */
export interface ChartBucket {
  kwhForward: number;
  kwhReverse: number;
  /** Average kW of consumption (forward kWh / bucket hours). */
  avgKw: number | null;
  /** Highest instantaneous kW in the bucket. */
  maxKw: number | null;
}

export interface EnergyChartOptions {
  clock: ZoneClock;
  /** Each bucket's energy takes the factor of its own local year. */
  co2Rates: Co2Rates;
  /** Adds the forward (P) and reverse (R) series. */
  hasReverse: boolean;
}

function spread(values: readonly number[]): { max: number; min: number } {
  if (values.length === 0) return { max: 0, min: 0 };
  return { max: Math.max(...values), min: Math.min(...values) };
}

/**
 * The power-detail chart. Bars are net energy (forward − reverse) per bucket
 * and useKwh is their sum (the bars are rounded so that, as shown, they add
 * up to it); CO2 is each bucket's energy × its year's factor. maxKwh
 * is the largest bucket, peakKwh and peakKw the peak-to-peak spread of the
 * buckets' kWh and average kW. Buckets without data are null points, never 0.
 */
export function energyChart(
  axis: readonly number[],
  buckets: ReadonlyMap<number, ChartBucket>,
  options: EnergyChartOptions,
): EnergyChart {
  const times = axis.map((t) => options.clock.formatIso(t));
  const series = (pick: (bucket: ChartBucket) => number | null): ChartPoint[] =>
    axis.map((t, index) => {
      const bucket = buckets.get(t);
      return { time: times[index]!, value: bucket ? roundOrNull(pick(bucket)) : null };
    });

  const present = axis.flatMap((t) => buckets.get(t) ?? []);
  const netKwh = present.map((bucket) => bucket.kwhForward - bucket.kwhReverse);
  const avgKw = present.flatMap((bucket) => (bucket.avgKw === null ? [] : [bucket.avgKw]));
  const total = netKwh.reduce((sum, kwh) => sum + kwh, 0);
  const co2 = axis.reduce((sum, t) => {
    const bucket = buckets.get(t);
    return bucket ? sum + (bucket.kwhForward - bucket.kwhReverse) * options.co2Rates.at(t) : sum;
  }, 0);
  const kwh = spread(netKwh);
  const kw = spread(avgKw);

  const chart: EnergyChart = {
    useKwh: { value: roundMeasure(total), co2: roundMeasure(co2) },
    maxKwh: roundMeasure(kwh.max),
    peakKwh: roundMeasure(kwh.max - kwh.min),
    peakKw: roundMeasure(kw.max - kw.min),
    hasReverseKWH: options.hasReverse,
    kwhChart: barsAddingUp(
      series((bucket) => bucket.kwhForward - bucket.kwhReverse),
      axis,
      buckets,
    ),
    avgKwChart: series((bucket) => bucket.avgKw),
    maxKwChart: series((bucket) => bucket.maxKw),
  };
  if (options.hasReverse) {
    chart.powerUsage_P = series((bucket) => bucket.kwhForward);
    chart.powerUsage_R = series((bucket) => bucket.kwhReverse);
  }
  return chart;
}

/** The net-energy bars, rounded from the exact values so that they add up to useKwh. */
function barsAddingUp(
  points: ChartPoint[],
  axis: readonly number[],
  buckets: ReadonlyMap<number, ChartBucket>,
): ChartPoint[] {
  const exact = axis.map((t) => {
    const bucket = buckets.get(t);
    return bucket ? bucket.kwhForward - bucket.kwhReverse : null;
  });
  const rounded = roundPartsToTotal(exact);
  return points.map((point, index) => ({ ...point, value: rounded[index] ?? null }));
}
