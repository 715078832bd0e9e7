/** Durations and the runtime's time-zone database read through Intl (DST included). */

// ── Durations ──────────────────────────────────────────────────────────────

export const MINUTE_MS = 60_000;
/** One 15-minute block: rollup buckets, demand blocks, the range grid. */
export const QUARTER_MS = 15 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
/** 24 hours. A local day lasts 23 or 25 on daylight-saving days: use ZoneClock for days. */
export const DAY_MS = 24 * HOUR_MS;

// ── The zone database (Intl) ───────────────────────────────────────────────

/** Formatter cache: building an Intl.DateTimeFormat is far slower than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
export interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in the zone (whole seconds). Throws RangeError for an unknown zone. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
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
}

/** Local time minus UTC at this instant, in milliseconds (+08:00 → 28 800 000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return asUtc - wholeSeconds;
}

/** True when the runtime knows this IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    zoneOffsetMs(0, timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Instant t at the given offset as ISO 8601 with the offset and no
 * milliseconds: 28 800 000 → "…+08:00", -16 200 000 → "…-04:30", 0 → "+00:00".
 */
export function isoWithOffset(t: number, offsetMs: number): string {
  const civil = new Date(t + offsetMs).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${civil}${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
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
