import { toNumber } from '@wattboard/contract';

/** Query parameters the pages read, with their defaults applied. */
export interface PageParams {
  deviceId: number;
  startDate: string;
  endDate: string;
  resolution: number;
}

export const DEFAULT_RESOLUTION = 5;
export const DEFAULT_DEVICE_ID = 0;

/** yyyy-MM-dd naming a real day (2026-02-30 is not one). */
export function isCalendarDate(value: string | null): value is string {
  const match = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function wholeNumberOr(value: string | null, fallback: number, minimum: number): number {
  if (value === null) return fallback;
  const number = toNumber(value);
  return Number.isInteger(number) && number >= minimum ? number : fallback;
}

/**
 * Reads deviceId, startDate, endDate and resolution; a missing or unusable
 * value takes its default (dates: today in the factory's zone). A range whose
 * end precedes its start is swapped rather than rejected.
 */
export function readPageParams(search: URLSearchParams, today: string): PageParams {
  const start = isCalendarDate(search.get('startDate')) ? search.get('startDate')! : today;
  const end = isCalendarDate(search.get('endDate')) ? search.get('endDate')! : today;
  return {
    deviceId: wholeNumberOr(search.get('deviceId'), DEFAULT_DEVICE_ID, 0),
    startDate: start <= end ? start : end,
    endDate: start <= end ? end : start,
    resolution: wholeNumberOr(search.get('resolution'), DEFAULT_RESOLUTION, 1),
  };
}
