import { ENERGY_INTERVALS, ENERGY_RANGE_LIMIT_DAYS } from '@wattboard/contract';
import type { EnergyInterval } from '@wattboard/contract';
import { differenceInCalendarDays, parseISO } from 'date-fns';

export type ReportView = 'readings' | 'energy';

/** The page's own URL parameters beside deviceId, startDate and endDate. */
export interface ReportViewParams {
  view: ReportView;
  interval: EnergyInterval;
  /** One circuit of the meter (Channel Select), or null for all of them. */
  channelId: number | null;
}

export const DEFAULT_INTERVAL: EnergyInterval = 'hour';

function isInterval(value: string | null): value is EnergyInterval {
  return (ENERGY_INTERVALS as readonly string[]).includes(value ?? '');
}

/** Reads view, interval and channelId; anything unusable takes its default. */
export function readReportParams(search: URLSearchParams): ReportViewParams {
  const interval = search.get('interval');
  const channel = Number(search.get('channelId'));
  return {
    view: search.get('view') === 'energy' ? 'energy' : 'readings',
    interval: isInterval(interval) ? interval : DEFAULT_INTERVAL,
    channelId: Number.isInteger(channel) && channel > 0 ? channel : null,
  };
}

/** Calendar days in a range, both ends included. */
export function daysInRange(startDate: string, endDate: string): number {
  return differenceInCalendarDays(parseISO(endDate), parseISO(startDate)) + 1;
}

/** The server answers an interval only up to its range limit (contract ENERGY_RANGE_LIMIT_DAYS). */
export function intervalFits(interval: EnergyInterval, days: number): boolean {
  return days <= ENERGY_RANGE_LIMIT_DAYS[interval];
}

/** The chosen interval when it fits the range, else the finest one that does. */
export function fittingInterval(interval: EnergyInterval, days: number): EnergyInterval {
  if (intervalFits(interval, days)) return interval;
  return ENERGY_INTERVALS.find((candidate) => intervalFits(candidate, days)) ?? 'month';
}
