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

/** A calendar day in the factory's zone, yyyy-MM-dd (spec §2 query dates). */
export const localDate = z.iso
  .date({ error: 'Expected a date as yyyy-MM-dd' })
  .refine(hasSaneYear, YEAR_MESSAGE);

/**
 * A moment as ISO 8601: with an offset (absolute), or without one, in which
 * case it is read in the factory's zone (DESIGN §4: days are factory-local).
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

/** True when the runtime knows the IANA zone (e.g. Asia/Taipei). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time-zone name the runtime can format with. */
export const ianaTimeZone = z.string().refine(isKnownTimeZone, 'Expected an IANA time zone');
