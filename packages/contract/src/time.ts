import { isValidTimeZone } from '@wattboard/zone-time';
import { z } from 'zod';

/**
 * Years a date may name. The ISO patterns allow 0000–9999, but years below 100
 * become 19xx in JavaScript's Date and nothing in a factory's history is
 * older than electricity meters; 1900 leaves room for any sane backdating.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
const YEAR_MESSAGE = `Expected a year from ${MIN_YEAR} to ${MAX_YEAR}`;

/** The leading yyyy of a date or date-time is within MIN_YEAR..MAX_YEAR. */
export function hasSaneYear(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}/.test(value) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A calendar day in the factory's zone, yyyy-MM-dd (the pages' startDate/endDate). */
export const localDate = z.iso
  .date({ error: 'Expected a date as yyyy-MM-dd' })
  .refine(hasSaneYear, YEAR_MESSAGE);

/**
 * A moment as ISO 8601: with an offset (absolute), or without one, in which
 * case it is read in the factory's zone (days are factory-local).
 */
export const isoDateTime = z.iso
  .datetime({ offset: true, local: true, error: 'Expected an ISO 8601 date-time' })
  .refine(hasSaneYear, YEAR_MESSAGE);

/** A day or a moment: range bounds accept either, so pages can pass their query dates as they are. */
export const dateOrDateTime = z.union([localDate, isoDateTime], {
  error: 'Expected a date (yyyy-MM-dd) or an ISO 8601 date-time',
});

/** Time of day HH:mm; "24:00" closes a window at midnight. */
export const clockTime = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Expected a time of day as HH:mm');

/**
 * "To the end of the day" as many clients write it: 23:59, 23:59:00, 23:59:59
 * or 23:59:59.999. Read as 24:00 (the next day's midnight), for an END bound
 * only: ranges are half-open [start, end), so 24:00 is the end that includes
 * the day's last minute. A start of 23:59 stays what it says.
 */
const END_OF_DAY_CLOCK = /^23:59(?::00(?:\.0+)?|:59(?:\.\d+)?)?$/;
const END_OF_DAY_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(23:59(?::00(?:\.0+)?|:59(?:\.\d+)?)?)(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** An end time of day: "23:59…" becomes "24:00"; anything else is returned as is. */
export function readEndOfDayClock(time: string): string {
  return END_OF_DAY_CLOCK.test(time) ? '24:00' : time;
}

/**
 * An end date-time: "yyyy-MM-ddT23:59…" (with or without an offset) becomes
 * the next day's "T00:00" in the same offset; anything else is returned as is.
 */
export function readEndOfDayDateTime(value: string): string {
  const match = END_OF_DAY_DATE_TIME.exec(value);
  if (!match) return value;
  const [, year, month, day, , offset] = match;
  const next = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 1));
  return `${next.toISOString().slice(0, 10)}T00:00${offset ?? ''}`;
}

/**
 * The end of a daily time window, HH:mm; "24:00" and the end-of-day spellings
 * above (read as "24:00") close it at midnight.
 */
export const endClockTime = z
  .string()
  .regex(
    /^(([01]\d|2[0-3]):[0-5]\d|24:00|23:59:(00(\.0+)?|59(\.\d+)?))$/,
    'Expected a time of day as HH:mm',
  )
  .transform(readEndOfDayClock);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds for comparison; a bare day counts from its (local) midnight. */
function comparableTime(value: string): number {
  return Date.parse(DATE_ONLY.test(value) ? `${value}T00:00` : value);
}

/**
 * True unless both bounds parse and `end` comes before `start` (or, with
 * `strict`, is not after it). Unparsable bounds are left to the format checks,
 * so a bad date is reported once, by its own field.
 */
export function isOrderedRange(start: string, end: string, strict = false): boolean {
  const from = comparableTime(start);
  const to = comparableTime(end);
  if (Number.isNaN(from) || Number.isNaN(to)) return true;
  return strict ? to > from : to >= from;
}

/** An IANA time-zone name the runtime can format with (e.g. Asia/Taipei). */
export const ianaTimeZone = z.string().refine(isValidTimeZone, 'Expected an IANA time zone');
