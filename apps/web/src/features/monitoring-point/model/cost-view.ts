import type { EnergyInterval } from '@wattboard/contract';

/**
 * The cost series' bucket for a range: hours for a day or two (24–48 rows),
 * days up to two months, months beyond, so the table stays short enough to
 * read and within the contract's longest range per interval.
 */
export function costInterval(days: number): EnergyInterval {
  if (days <= 2) return 'hour';
  if (days <= 62) return 'day';
  return 'month';
}

/**
 * A bucket's start as the table writes it. The contract gives it factory-local
 * with its offset, so the local clock is the text itself: no zone needed.
 */
export function bucketLabel(start: string, interval: EnergyInterval): string {
  const local = start.slice(0, 16).replace('T', ' ').replaceAll('-', '/');
  if (interval === 'month') return local.slice(0, 7);
  if (interval === 'day') return local.slice(0, 10);
  return local;
}

/**
 * Whether the Consumption Query narrows the days it sums (weekdays or a time
 * window): then the cost call gets the query's segment too, and the card says so.
 */
export function narrowsDays(segment: {
  timeRange: { startTime: string; endTime: string };
  weekdays: readonly string[];
}): boolean {
  const wholeDay =
    segment.timeRange.startTime === '00:00' &&
    (segment.timeRange.endTime === '24:00' || segment.timeRange.endTime === '00:00');
  return !wholeDay || segment.weekdays.length < 7;
}
