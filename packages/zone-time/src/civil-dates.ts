/** Calendar arithmetic on civil times: no zone involved, so exact and cheap. */

import { DAY_MS, MINUTE_MS } from './durations.ts';

// ── Civil dates (no zone involved: exact and cheap) ────────────────────────

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' → civil milliseconds of that day's 00:00. Throws on a malformed date. */
export function civilDay(date: string): number {
  const match = DATE_ONLY.exec(date);
  if (!match) throw new Error(`Expected a date as yyyy-MM-dd, got "${date}"`);
  const [, year, month, day] = match;
  const civil = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (formatCivilDate(civil) !== date) throw new Error(`No such date: "${date}"`);
  return civil;
}

/** Civil milliseconds → 'yyyy-MM-dd'. */
export function formatCivilDate(civil: number): string {
  return new Date(civil).toISOString().slice(0, 10);
}

/** The date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return formatCivilDate(civilDay(date) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, as the consumption query counts weekdays. */
export function weekdayOf(date: string): number {
  return new Date(civilDay(date)).getUTCDay();
}

/** Every date from `first` to `last`, both included; empty when last is before first. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  const end = civilDay(last);
  for (let day = civilDay(first); day <= end; day += DAY_MS) dates.push(formatCivilDate(day));
  return dates;
}

/** Minutes since midnight of a civil time (0 … 1439). */
export function civilMinuteOfDay(civil: number): number {
  return Math.floor((((civil % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** 'HH:mm' (with '24:00' for the end of the day) → minutes since midnight. */
export function clockMinutes(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Expected a time of day as HH:mm, got "${time}"`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60 || Number(match[2]) > 59) throw new Error(`No such time: "${time}"`);
  return minutes;
}
