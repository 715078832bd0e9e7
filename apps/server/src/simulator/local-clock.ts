import { localParts } from '../domain/zoned-parts.ts';

/**
 * The factory-local wall clock of an instant: shifts, office hours and the sun
 * follow local time (including daylight-saving zones), not UTC.
 */
export interface LocalClock {
  /** Hour of the local day with fractions: 13.5 = 13:30. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 1 … 366. */
  dayOfYear: number;
  /** Days since 1970-01-01 of the local date: a key for per-day randomness. */
  dayIndex: number;
}

const DAY_MS = 86_400_000;

export function localClock(instant: number, timeZone: string): LocalClock {
  const { year, month, day, hour, minute, second } = localParts(instant, timeZone);
  const dayIndex = Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
  const yearStart = Math.floor(Date.UTC(year, 0, 1) / DAY_MS);
  return {
    hour: hour + minute / 60 + second / 3600,
    weekday: new Date(dayIndex * DAY_MS).getUTCDay(),
    dayOfYear: dayIndex - yearStart + 1,
    dayIndex,
  };
}
