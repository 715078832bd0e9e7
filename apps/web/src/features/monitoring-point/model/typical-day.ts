import type { ChartPoint } from '@wattboard/contract';

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * The typical day's kW on the chart's own buckets (docs/baseline.md): a 1-,
 * 5- or 15-minute bucket takes its quarter's value; an hour the mean of its
 * quarters (up to the next bucket, so a partial hour at an edge averages only
 * its own). Every zone's offset is a whole number of quarter hours, so a
 * quarter starts where the UTC quarter does.
 */
export function typicalOnAxis(
  times: readonly string[],
  typical: readonly ChartPoint[],
  resolution: number,
): (number | null)[] {
  const byQuarter = new Map<number, number>();
  for (const point of typical) {
    if (point.value !== null) byQuarter.set(Date.parse(point.time), point.value);
  }
  return times.map((time, index) => {
    const start = Date.parse(time);
    if (Number.isNaN(start)) return null;
    if (resolution <= 15) return byQuarter.get(start - (start % QUARTER_MS)) ?? null;
    const next = Date.parse(times[index + 1] ?? '');
    const end = Number.isNaN(next) ? start + HOUR_MS : Math.min(next, start + HOUR_MS);
    const values: number[] = [];
    for (let t = start; t < end; t += QUARTER_MS) {
      const value = byQuarter.get(t);
      if (value !== undefined) values.push(value);
    }
    if (values.length === 0) return null;
    return Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 1000) / 1000;
  });
}
