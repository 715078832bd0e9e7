import { z } from 'zod';

/** A calendar day in the factory's zone, yyyy-MM-dd (spec §2 query dates). */
export const localDate = z.iso.date({ error: 'Expected a date as yyyy-MM-dd' });

/**
 * A moment as ISO 8601: with an offset (absolute), or without one, in which
 * case it is read in the factory's zone (DESIGN §4: days are factory-local).
 */
export const isoDateTime = z.iso.datetime({
  offset: true,
  local: true,
  error: 'Expected an ISO 8601 date-time',
});

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
