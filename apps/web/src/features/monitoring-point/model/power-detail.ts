import type { ChartPoint, EnergyChart } from '@wattboard/contract';

export type BarKey = 'kwh' | 'positive' | 'reverse';
/** `typicalKw`: the point's typical day (docs/baseline.md), when the page has it. */
export type LineKey = 'avgKw' | 'maxKw' | 'typicalKw';

export interface AlignedSeries<K> {
  key: K;
  values: (number | null)[];
}

/** The chart's series on one shared time axis (times as the server wrote them). */
export interface PowerDetailSeries {
  times: string[];
  bars: AlignedSeries<BarKey>[];
  lines: AlignedSeries<LineKey>[];
}

/** Resolutions the picker offers (minutes); anything else in the URL falls back to the default. */
export const RESOLUTIONS = [1, 5, 15, 60] as const;
export const FALLBACK_RESOLUTION = 5;

export function supportedResolution(minutes: number): number {
  return (RESOLUTIONS as readonly number[]).includes(minutes) ? minutes : FALLBACK_RESOLUTION;
}

/**
 * Longest range (days) each resolution can chart, as the server allows
 * (1 and 5 minutes come from raw readings; 15 and 60 from rollups). The
 * server remains the judge: a refusal still shows its explanation.
 */
export const RESOLUTION_LIMIT_DAYS: Readonly<Record<number, number>> = {
  1: 2,
  5: 7,
  15: 93,
  60: 366,
};

export function resolutionFits(minutes: number, days: number): boolean {
  return days <= (RESOLUTION_LIMIT_DAYS[minutes] ?? 0);
}

/** The chosen resolution when it can chart `days`, else the finest one that can. */
export function fittingResolution(minutes: number, days: number): number {
  if (resolutionFits(minutes, days)) return minutes;
  return RESOLUTIONS.find((candidate) => resolutionFits(candidate, days)) ?? RESOLUTIONS.at(-1)!;
}

function sortKey(time: string): number {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

function valuesOn(times: readonly string[], points: readonly ChartPoint[]): (number | null)[] {
  const byTime = new Map(points.map((point) => [point.time, point.value]));
  return times.map((time) => byTime.get(time) ?? null);
}

/**
 * Lines up every series of the energy chart on the union of their times, so
 * a bucket missing from one series shows as a gap (null), never as a shifted
 * value. With reverse energy the bars are consumed (positive) and fed back
 * (reverse) energy; otherwise one bar of kWh per bucket.
 */
export function alignPowerDetail(chart: EnergyChart): PowerDetailSeries {
  const reverse = chart.hasReverseKWH && chart.powerUsage_P && chart.powerUsage_R;
  const barSources: [BarKey, ChartPoint[]][] = reverse
    ? [
        ['positive', chart.powerUsage_P ?? []],
        ['reverse', chart.powerUsage_R ?? []],
      ]
    : [['kwh', chart.kwhChart]];
  const lineSources: [LineKey, ChartPoint[]][] = [
    ['avgKw', chart.avgKwChart],
    ['maxKw', chart.maxKwChart],
  ];
  const all = [...barSources, ...lineSources].flatMap(([, points]) => points);
  const times = [...new Set(all.map((point) => point.time))].sort(
    (a, b) => sortKey(a) - sortKey(b),
  );
  return {
    times,
    bars: barSources.map(([key, points]) => ({ key, values: valuesOn(times, points) })),
    lines: lineSources.map(([key, points]) => ({ key, values: valuesOn(times, points) })),
  };
}

/** The series with the typical day's line added (values already on the series' times). */
export function withTypicalLine(
  series: PowerDetailSeries,
  typical: (number | null)[],
): PowerDetailSeries {
  if (typical.every((value) => value === null)) return series;
  return { ...series, lines: [...series.lines, { key: 'typicalKw', values: typical }] };
}

/** The highest value of a series, or null when it has none ("Max (kw)" of the range). */
export function highestValue(points: readonly ChartPoint[]): number | null {
  let highest: number | null = null;
  for (const { value } of points) {
    if (value !== null && Number.isFinite(value) && (highest === null || value > highest)) {
      highest = value;
    }
  }
  return highest;
}

/** True when the chart has at least one bucket with a value. */
export function hasChartData(series: PowerDetailSeries): boolean {
  return [...series.bars, ...series.lines].some((s) => s.values.some((v) => v !== null));
}
