/** The runtime's time-zone database read through Intl (DST included), and fixed-offset zones. */

import { HOUR_MS, MINUTE_MS } from './durations.ts';
import { fixedOffsetMs, formatUtcOffset } from './utc-offsets.ts';

// ── The zone database (Intl) ───────────────────────────────────────────────

/** The wall-clock fields of an instant in a zone. */
export interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Reads the wall-clock fields of an instant in one zone. */
type PartsReader = (instant: number) => LocalParts;

/**
 * One reader per zone, with its Intl formatter, built on first use: building
 * an Intl.DateTimeFormat is far slower than using one, and the rollups and the
 * simulator read millions of instants.
 */
const readers = new Map<string, PartsReader>();

function readerFor(timeZone: string): PartsReader {
  let reader = readers.get(timeZone);
  if (!reader) {
    const fixed = fixedOffsetMs(timeZone);
    reader = fixed === null ? intlReader(timeZone) : (instant) => utcParts(instant + fixed);
    readers.set(timeZone, reader);
  }
  return reader;
}

/** Throws RangeError for a zone the runtime does not know, so nothing is cached for it. */
function intlReader(timeZone: string): PartsReader {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return (instant) => {
    const values: Record<string, number> = {};
    for (const part of formatter.formatToParts(instant)) {
      if (part.type !== 'literal') values[part.type] = Number(part.value);
    }
    const { year, month, day, hour, minute, second } = values;
    if (
      year === undefined ||
      month === undefined ||
      day === undefined ||
      hour === undefined ||
      minute === undefined ||
      second === undefined
    ) {
      throw new Error(`Could not read the local time of ${instant} in ${timeZone}`);
    }
    return { year, month, day, hour, minute, second };
  };
}

/** The UTC fields of a time, in whole seconds as Intl reads them. */
function utcParts(time: number): LocalParts {
  const date = new Date(time);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/**
 * The wall-clock reading of an instant in the zone (whole seconds): an IANA
 * name, or a fixed offset such as "+08:00". Throws RangeError for an unknown zone.
 */
export function localParts(instant: number, timeZone: string): LocalParts {
  return readerFor(timeZone)(instant);
}

/** Local time minus UTC at this instant, in milliseconds (+08:00 → 28 800 000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return asUtc - wholeSeconds;
}

/**
 * True when the runtime knows this IANA zone name (a type guard, for zones
 * read from a response). Intl decides, as for the contract's zone fields.
 */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Instant t at the given offset as ISO 8601 with the offset and no
 * milliseconds: 28 800 000 → "…+08:00", -16 200 000 → "…-04:30", 0 → "+00:00".
 */
export function isoWithOffset(t: number, offsetMs: number): string {
  return `${new Date(t + offsetMs).toISOString().slice(0, 19)}${formatUtcOffset(offsetMs)}`;
}

/**
 * The instant as factory-local ISO 8601 with the zone's offset at that
 * instant and no milliseconds, e.g. 2026-11-21T14:03:05+08:00.
 */
export function formatFactoryLocalIso(instant: Date, timeZone: string): string {
  const t = instant.getTime();
  return isoWithOffset(t, zoneOffsetMs(t, timeZone));
}

function sameLocalDate(instant: number, timeZone: string, y: number, m: number, d: number) {
  const p = localParts(instant, timeZone);
  return p.year === y && p.month === m && p.day === d;
}

/** Smallest instant in (low, high] for which isLate holds; isLate(high) must hold. */
function firstInstant(low: number, high: number, isLate: (t: number) => boolean): number {
  // Zone transitions fall on whole minutes, so minute precision finds them exactly.
  let lo = Math.floor(low / MINUTE_MS);
  let hi = Math.ceil(high / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (isLate(mid * MINUTE_MS)) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}

/**
 * The first instant of a local calendar date: its midnight, or, where the
 * clocks jump over midnight (Chile, for one), the moment the date begins.
 * Month and day may overflow (day 32 = the 1st of the next month).
 */
export function startOfLocalDate(year: number, month: number, day: number, timeZone: string) {
  const normal = new Date(Date.UTC(year, month - 1, day));
  const [y, m, d] = [normal.getUTCFullYear(), normal.getUTCMonth() + 1, normal.getUTCDate()];
  const wallMidnight = normal.getTime();
  // Two passes: the offset at the true instant may differ from the one at the first guess.
  let guess = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  guess = wallMidnight - zoneOffsetMs(guess, timeZone);
  const p = localParts(guess, timeZone);
  if (p.year === y && p.month === m && p.day === d && p.hour === 0 && p.minute === 0) return guess;
  // Midnight does not exist on this date: the date starts at the transition.
  const isOnOrAfter = (t: number) => {
    const q = localParts(t, timeZone);
    return Date.UTC(q.year, q.month - 1, q.day) >= wallMidnight;
  };
  const start = firstInstant(guess - 3 * HOUR_MS, guess + 3 * HOUR_MS, isOnOrAfter);
  if (!sameLocalDate(start, timeZone, y, m, d)) {
    throw new Error(`Local date ${y}-${m}-${d} has no start in ${timeZone}`);
  }
  return start;
}
