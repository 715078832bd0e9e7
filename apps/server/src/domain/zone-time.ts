/**
 * Time in a factory's zone, in one module: duration constants, the runtime's
 * time-zone database read through Intl (DST included), calendar arithmetic on
 * "civil" times, the ZoneClock the monitor queries walk ranges with, and the
 * simulator's local clock. Instants are epoch milliseconds; a civil time is a
 * local date and wall-clock time written as if it were UTC milliseconds.
 *
 * Built on Intl rather than @date-fns/tz (the client's): the queries need a
 * cached offset per day (ZoneClock) and explicit rules for skipped and
 * repeated wall-clock times, which are a few lines here either way.
 */

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
function isoWithOffset(t: number, offsetMs: number): string {
  const civil = new Date(t + offsetMs).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${civil}${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The instant as factory-local ISO 8601 with the zone's offset at that
 * instant and no milliseconds, e.g. 2026-11-21T14:03:05+08:00 (DESIGN §4).
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

// ── ZoneClock: a zone's wall clock for walking ranges ──────────────────────

interface OffsetSpan {
  from: number;
  to: number;
  offset: number;
}

const MAX_CACHED_SPANS = 64;

/** Local wall-clock parts of an instant, as the monitor queries use them. */
export interface ClockParts {
  date: string;
  /** Minutes since local midnight by the wall clock (0 … 1439). */
  minuteOfDay: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/**
 * Converts between UTC instants and a factory's wall clock, daylight saving
 * included. Intl is asked about one instant per day at most (queries walk a
 * range in time order), so a year of 15-minute buckets costs milliseconds.
 */
export class ZoneClock {
  readonly timeZone: string;
  readonly #spans: OffsetSpan[] = [];

  constructor(timeZone: string) {
    zoneOffsetMs(0, timeZone); // throws RangeError for an unknown zone, early
    this.timeZone = timeZone;
  }

  /** UTC offset in ms at instant t (positive east of Greenwich). */
  offsetAt(t: number): number {
    for (let i = this.#spans.length - 1; i >= 0; i--) {
      const span = this.#spans[i]!;
      if (t >= span.from && t < span.to) return span.offset;
    }
    const offset = zoneOffsetMs(t, this.timeZone);
    const later = zoneOffsetMs(t + DAY_MS, this.timeZone);
    // No zone changes its offset twice within a day, so equal ends mean a constant day.
    const to = offset === later ? t + DAY_MS : this.#transitionAfter(t, offset, t + DAY_MS);
    if (this.#spans.length >= MAX_CACHED_SPANS) this.#spans.shift();
    this.#spans.push({ from: t, to, offset });
    return offset;
  }

  /** First instant in (from, to] whose offset differs from `offset` (to second precision). */
  #transitionAfter(from: number, offset: number, to: number): number {
    let low = from;
    let high = to;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (zoneOffsetMs(middle, this.timeZone) === offset) low = middle;
      else high = middle;
    }
    return high;
  }

  /** The wall-clock time of instant t, as civil milliseconds. */
  toCivil(t: number): number {
    return t + this.offsetAt(t);
  }

  localParts(t: number): ClockParts {
    const civil = this.toCivil(t);
    const day = new Date(civil);
    return {
      date: formatCivilDate(civil),
      minuteOfDay: day.getUTCHours() * 60 + day.getUTCMinutes(),
      weekday: day.getUTCDay(),
    };
  }

  /**
   * The earliest instant whose wall-clock time is at or after `civil`. An
   * ambiguous time (clocks going back) gives its first occurrence; a time
   * skipped by clocks going forward gives the moment the clocks jumped, so a
   * day that "starts" inside the gap still starts at its first real instant.
   */
  fromCivil(civil: number): number {
    const candidates = [
      civil - this.offsetAt(civil - DAY_MS),
      civil - this.offsetAt(civil + DAY_MS),
    ].sort((a, b) => a - b);
    for (const t of candidates) if (this.toCivil(t) === civil) return t;
    // In a gap: wall time jumps past `civil` somewhere between the candidates.
    let low = candidates[0]!;
    let high = candidates[1]!;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (this.toCivil(middle) >= civil) high = middle;
      else low = middle;
    }
    return high;
  }

  /** The instant the local day `date` begins (its midnight, or the first instant after a gap). */
  startOfDay(date: string): number {
    return this.fromCivil(civilDay(date));
  }

  /**
   * Factory-local ISO 8601 with the offset and no milliseconds, e.g.
   * 2026-11-21T14:00:00+08:00 (same format as dtNowFactory).
   */
  formatIso(t: number): string {
    return isoWithOffset(t, this.offsetAt(t));
  }
}

// ── The simulator's local clock ────────────────────────────────────────────

/**
 * The factory-local wall clock of an instant as the simulator reads it:
 * shifts, office hours and the sun follow local time, not UTC.
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
